/** Paths of the auth screens that carry the e-mail in the query string. */
export const confirmAccountPath = (email: string) => `/Signup/Confirm?email=${encodeURIComponent(email)}`;
export const signUpPath = (email?: string) =>
  email ? `/Signup?email=${encodeURIComponent(email)}` : '/Signup';
export const resetPasswordPath = (email?: string) =>
  email ? `/reset?email=${encodeURIComponent(email)}` : '/reset';

/** Placeholder addresses until the legal pages exist; they open in a new tab. */
export const TERMS_URL = 'https://example.com/terms';
export const PRIVACY_URL = 'https://example.com/privacy';
