/** Paths of the auth screens that carry the e-mail in the query string. */
export const confirmAccountPath = (email: string) => `/Signup/Confirm?email=${encodeURIComponent(email)}`;
export const signUpPath = (email?: string) =>
  email ? `/Signup?email=${encodeURIComponent(email)}` : '/Signup';
/** The `step` query value of Reset Password's second step (code and new password). */
export const RESET_CODE_STEP = 'code';
/** Reset Password; with `codeStep`, its second step, so a reload keeps the user's place. */
export const resetPasswordPath = (email?: string, codeStep = false) => {
  const query = new URLSearchParams();
  if (email) query.set('email', email);
  if (email && codeStep) query.set('step', RESET_CODE_STEP);
  const qs = query.toString();
  return qs ? `/reset?${qs}` : '/reset';
};
/** Sign In with the e-mail filled in; `confirmed` says the account was just confirmed. */
export const signInPath = (email?: string, { confirmed = false } = {}) => {
  const query = new URLSearchParams();
  if (email) query.set('email', email);
  if (confirmed) query.set('confirmed', '1');
  const qs = query.toString();
  return qs ? `/login?${qs}` : '/login';
};

/** Placeholder addresses until the legal pages exist; they open in a new tab. */
export const TERMS_URL = 'https://example.com/terms';
export const PRIVACY_URL = 'https://example.com/privacy';
