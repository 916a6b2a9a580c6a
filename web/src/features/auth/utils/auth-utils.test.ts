import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmSignUpInput } from '@/features/auth/api/confirm-sign-up';
import { SignUpInput } from '@/features/auth/api/sign-up';
import { ssoDomainOf } from '@/features/auth/api/sso-by-domain';
import { AUTH_MESSAGES, authErrorMessage, isAlreadyConfirmedError } from './auth-errors';
import { PASSWORD_RULES } from './password-rules';
import {
  clearPendingSignIn,
  keepPendingSignIn,
  PENDING_SIGN_IN_TTL_MS,
  takePendingSignIn,
} from './pending-sign-in';

const named = (name: string, message = name) => Object.assign(new Error(message), { name });

describe('identity-service errors (spec 000 §8)', () => {
  it.each([
    [named('UsernameExistsException', 'User already exists'), AUTH_MESSAGES.userExists],
    [named('InvalidPasswordException', 'Password did not conform with policy'), AUTH_MESSAGES.passwordPolicy],
    [
      named('InvalidParameterException', "Value at 'password' failed to satisfy constraint"),
      AUTH_MESSAGES.passwordPolicy,
    ],
    [named('LimitExceededException', 'Attempt limit exceeded'), AUTH_MESSAGES.limitExceeded],
    [named('EmptyConfirmSignUpCode', 'code is required'), AUTH_MESSAGES.emptyCode],
    [
      named('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
      AUTH_MESSAGES.alreadyConfirmed,
    ],
    [named('InvalidParameterException', 'User is already confirmed.'), AUTH_MESSAGES.alreadyConfirmed],
    [
      named('CodeMismatchException', 'Invalid verification code provided'),
      'Invalid verification code provided',
    ],
    [named('NotAuthorizedException', 'Incorrect username or password.'), 'Incorrect username or password.'],
  ])('%s → %s', (error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });

  it('recognises an already confirmed account only by its wording', () => {
    expect(isAlreadyConfirmedError(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      false,
    );
  });
});

describe('forms', () => {
  it('strips non-digits from a verification code and wants 6 to 10 digits', () => {
    expect(ConfirmSignUpInput.parse({ code: ' 123-456 ' })).toEqual({ code: '123456' });
    expect(ConfirmSignUpInput.safeParse({ code: '12 34' }).error?.issues[0].message).toBe(
      'Please enter the verification code',
    );
    expect(ConfirmSignUpInput.safeParse({ code: '12345678901' }).success).toBe(false);
  });

  it('trims and lower-cases the sign-up e-mail; the password needs 8 characters', () => {
    expect(SignUpInput.parse({ email: '  Ada@Example.COM ', password: 'abcdefgh' }).email).toBe(
      'ada@example.com',
    );
    const result = SignUpInput.safeParse({ email: 'nope', password: 'short' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Please enter your work email address',
      'Please enter a password',
    ]);
  });

  it('shows each password rule as met or not', () => {
    const met = (password: string) => PASSWORD_RULES.filter((r) => r.test(password)).map((r) => r.id);
    expect(met('abcdefgh')).toEqual(['length', 'lower']);
    expect(met('Abcdefg!')).toEqual(['length', 'lower', 'upper', 'special']);
  });

  it('finds the domain to look up for single sign-on', () => {
    expect(ssoDomainOf('ada@SSO.Example.com')).toBe('sso.example.com');
    expect(ssoDomainOf('ada')).toBeNull();
    expect(ssoDomainOf('ada@localhost')).toBeNull();
  });
});

describe('credentials kept for the automatic sign-in', () => {
  const stored: string[] = [];
  beforeEach(() => {
    // Any write to web storage would be recorded here.
    const recorder = {
      getItem: () => null,
      setItem: (_k: string, v: string) => stored.push(v),
      removeItem: () => {},
    };
    vi.stubGlobal('sessionStorage', recorder);
    vi.stubGlobal('localStorage', recorder);
  });
  afterEach(() => {
    clearPendingSignIn();
    vi.unstubAllGlobals();
  });

  it('never writes the password to web storage', () => {
    keepPendingSignIn('ada@example.com', 'Secret-1!');
    expect(stored.join('')).not.toContain('Secret-1!');
  });

  it('gives them back once, for the same e-mail', () => {
    keepPendingSignIn('ada@example.com', 'Secret-1!');
    expect(takePendingSignIn('ada@example.com')).toEqual({ email: 'ada@example.com', password: 'Secret-1!' });
    expect(takePendingSignIn('ada@example.com')).toBeUndefined();
  });

  it('drops them for another e-mail or after 10 minutes', () => {
    keepPendingSignIn('ada@example.com', 'Secret-1!', 0);
    expect(takePendingSignIn('bob@example.com', 1)).toBeUndefined();
    keepPendingSignIn('ada@example.com', 'Secret-1!', 0);
    expect(takePendingSignIn('ada@example.com', PENDING_SIGN_IN_TTL_MS)).toBeUndefined();
  });
});
