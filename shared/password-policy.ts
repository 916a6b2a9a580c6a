/**
 * The user pool's password policy, one definition for the CDK user pool (lib/constructs/auth.ts),
 * the local user pool (scripts/local/cognito.ts) and the rules box on Create Account and Reset
 * Password (spec 000 §5: at least 8 characters, 1 lower case, 1 upper case, 1 special character).
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireSymbols: true,
  requireDigits: false,
} as const;

/**
 * Cognito's special characters: `^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + -`
 * and a space that is neither leading nor trailing.
 */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/;
export const hasPasswordSymbol = (password: string) => SYMBOL.test(password) || password.trim().includes(' ');

/**
 * The first way `password` breaks the policy, in Cognito's words (InvalidPasswordException
 * "Password did not conform with policy: …"), or null when it conforms.
 */
export function passwordPolicyProblem(password: string): string | null {
  if (password.length < PASSWORD_POLICY.minLength) return 'Password not long enough';
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password))
    return 'Password must have lowercase characters';
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password))
    return 'Password must have uppercase characters';
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password))
    return 'Password must have numeric characters';
  if (PASSWORD_POLICY.requireSymbols && !hasPasswordSymbol(password))
    return 'Password must have symbol characters';
  return null;
}
