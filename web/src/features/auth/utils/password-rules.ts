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

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: 'At least 8 characters', test: (p) => p.length >= 8 },
  { id: 'lower', label: '1 lower case', test: (p) => /[a-z]/.test(p) },
  { id: 'upper', label: '1 upper case', test: (p) => /[A-Z]/.test(p) },
  { id: 'special', label: '1 special character', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
];
