/**
 * Identity-service errors as the user sees them (spec 000 §8). Anything not listed is shown with
 * the provider's own message.
 */
import { authErrorName } from '@/lib/auth';

export const AUTH_MESSAGES = {
  userExists: 'An account already exists, click Sign In below.',
  passwordPolicy:
    'Password is not long enough, it must include a symbol, number, uppercase letter, and be 8 characters long',
  emptyCode: 'Please check your verification code and try again.',
  limitExceeded: 'Whoa, hold on there. Please check your verification code and email are correct',
  alreadyConfirmed: "You've already verified your account",
  autoSignInFailed: 'Unable to automatically sign in.',
} as const;

const LIMIT_EXCEEDED = new Set(['LimitExceededException', 'TooManyFailedAttemptsException']);
const EMPTY_CODE = new Set(['EmptyConfirmSignUpCode', 'EmptyConfirmResetPasswordConfirmationCode']);

/** A password-policy failure: Cognito's InvalidPasswordException, or a pattern/length failure. */
export function isPasswordPolicyError(error: unknown): boolean {
  const name = authErrorName(error);
  if (name === 'InvalidPasswordException') return true;
  const message = error instanceof Error ? error.message : '';
  return name === 'InvalidParameterException' && /password/i.test(message);
}

/**
 * Confirming an account that is already confirmed (Cognito: NotAuthorizedException "... Current
 * status is CONFIRMED"), or asking it for a new code (InvalidParameterException "User is already
 * confirmed.").
 */
export function isAlreadyConfirmedError(error: unknown): boolean {
  const name = authErrorName(error);
  const message = error instanceof Error ? error.message : '';
  if (name === 'NotAuthorizedException') return /status is CONFIRMED/i.test(message);
  if (name === 'InvalidParameterException') return /already confirmed/i.test(message);
  return false;
}

/** The message for an identity-service error on any auth screen. */
export function authErrorMessage(error: unknown): string {
  const name = authErrorName(error);
  if (name === 'UsernameExistsException') return AUTH_MESSAGES.userExists;
  if (isAlreadyConfirmedError(error)) return AUTH_MESSAGES.alreadyConfirmed;
  if (isPasswordPolicyError(error)) return AUTH_MESSAGES.passwordPolicy;
  if (name && LIMIT_EXCEEDED.has(name)) return AUTH_MESSAGES.limitExceeded;
  if (name && EMPTY_CODE.has(name)) return AUTH_MESSAGES.emptyCode;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
