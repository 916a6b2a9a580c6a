import type { AccountStatus } from '@shared/schemas/user';

/** Onboarding pages: USER_ACCOUNT_READY on one of them goes home (spec 000 §2.3). */
export const ONBOARDING_PATHS = [
  '/Signup/Account',
  '/Signup/Teams',
  '/Signup/Teams/Create',
  '/Signup/Complete',
];

/** Complete registration, carrying the signed-in e-mail. */
export const completeRegistrationPath = (email: string | null) =>
  `/Signup/Complete?email=${encodeURIComponent(email ?? '')}`;

/**
 * Where a signed-in user on a full-layout route must go, by account status (spec 000 §2.3), or null
 * to stay. A failed status fetch is passed in as USER_NOT_REGISTERED.
 */
export function destinationForStatus(status: AccountStatus, email: string | null): string | null {
  switch (status) {
    case 'USER_NOT_REGISTERED':
      return completeRegistrationPath(email);
    case 'USER_HAS_INVITATIONS':
      return '/Signup/Account';
    case 'USER_HAS_NO_INVITATIONS':
      return '/Signup/Teams';
    case 'USER_ACCOUNT_READY':
      return null;
  }
}

/** Only same-app paths are followed after sign-in (never `//host` or a full URL). */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/login') || value.startsWith('/token')) return null;
  return value;
}
