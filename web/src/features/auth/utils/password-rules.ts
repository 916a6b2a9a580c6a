import { hasPasswordSymbol, PASSWORD_POLICY } from '@shared/password-policy';

/**
 * The password rules shown as hints on Create Account and Reset Password (spec 000 §5). They match
 * the user pool's policy; the form itself only requires 8 characters, and the identity service's
 * policy error is shown as the spec's message (§8).
 */
export interface PasswordRule {
  id: string;
  label: string;
  test: (password: string) => boolean;
}

const { minLength, requireLowercase, requireUppercase, requireDigits, requireSymbols } = PASSWORD_POLICY;

/** One hint per rule of the user pool's policy (shared/password-policy.ts), in the spec's order. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${minLength} characters`, test: (p) => p.length >= minLength },
  ...(requireLowercase ? [{ id: 'lower', label: '1 lower case', test: (p: string) => /[a-z]/.test(p) }] : []),
  ...(requireUppercase ? [{ id: 'upper', label: '1 upper case', test: (p: string) => /[A-Z]/.test(p) }] : []),
  ...(requireDigits ? [{ id: 'digit', label: '1 number', test: (p: string) => /[0-9]/.test(p) }] : []),
  ...(requireSymbols ? [{ id: 'special', label: '1 special character', test: hasPasswordSymbol }] : []),
];
