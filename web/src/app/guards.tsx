/**
 * Route classes and guards (spec 000 §2.2–2.3). Each guard is a layout route in router.tsx.
 *
 * - PublicOnlyRoute: sign in, sign up, confirm, reset, custom login; a signed-in user goes home
 *   (or back to the page that sent them to sign in).
 * - SignedInRoute: no token → /login.
 * - OnboardingRoute (inside SignedInRoute): USER_ACCOUNT_READY → home.
 * - ChromeRoute (inside SignedInRoute): the chrome for users still onboarding (profile); only a user
 *   without a registration record is sent on, to Complete Registration.
 * - FullLayoutRoute (inside SignedInRoute): the account status decides first, then the chrome.
 */
import type { AccountStatus } from '@shared/schemas/user';
import { lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AccessTurnedOff, isAccessTurnedOff } from '@/components/access-turned-off';
import { Splash } from '@/components/splash';
import { useAccountStatus } from '@/lib/account-status';
import { signedOutByUser, useAuthSession } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { usePermissions } from '@/lib/permissions';
import { completeRegistrationPath, destinationForStatus, safeReturnPath } from './routing';

const AppLayout = lazy(() => import('./app-layout'));

export function PublicOnlyRoute() {
  const session = useAuthSession();
  const location = useLocation();
  if (session.isPending) return <Splash />;
  if (session.data?.signedIn) {
    const from = safeReturnPath((location.state as { from?: unknown } | null)?.from);
    return <Navigate to={from ?? '/'} replace />;
  }
  return <Outlet />;
}

export function SignedInRoute() {
  const session = useAuthSession();
  const location = useLocation();
  if (session.isPending) return <Splash />;
  if (!session.data?.signedIn) {
    // After an expired session, come back here once signed in; after a chosen sign-out, start afresh.
    if (signedOutByUser()) return <Navigate to="/login" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <SignedInOutlet />;
}

/** A signed-in page, unless the team's identity provider turned the user's access off (SCIM). */
function SignedInOutlet() {
  const status = useAccountStatus();
  if (isAccessTurnedOff(status.error)) return <AccessTurnedOff />;
  return <Outlet />;
}

/** The account status; a failed fetch counts as not registered. Undefined while loading. */
function useRoutingStatus(): AccountStatus | undefined {
  const status = useAccountStatus();
  if (status.data) return status.data.status;
  if (status.isError) return 'USER_NOT_REGISTERED';
  return undefined;
}

export function OnboardingRoute() {
  const status = useRoutingStatus();
  if (!status) return <Splash />;
  if (status === 'USER_ACCOUNT_READY') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** The user record and, for team members, the permission map; pending until both are known. */
function useChromeData(enabled: boolean) {
  const user = useCurrentUser({ enabled });
  const teamId = user.data?.teamId ?? null;
  const permissions = usePermissions({ enabled: enabled && teamId !== null });
  const pending = enabled && (user.isPending || (teamId !== null && permissions.isPending));
  return { user, permissions: permissions.data ?? {}, pending };
}

/**
 * The profile: a user still onboarding may stay, but a signed-in user without a registration record
 * goes to Complete Registration first (spec 000 §2.3), before anything asks for a user record that
 * does not exist.
 */
export function ChromeRoute() {
  const session = useAuthSession();
  const status = useRoutingStatus();
  const registered = status !== undefined && status !== 'USER_NOT_REGISTERED';
  const { user, permissions, pending } = useChromeData(registered);
  if (!status) return <Splash />;
  if (!registered) return <Navigate to={completeRegistrationPath(session.data?.email ?? null)} replace />;
  if (pending) return <Splash />;
  return <AppLayout user={user.data ?? null} permissions={permissions} />;
}

export function FullLayoutRoute() {
  const session = useAuthSession();
  const status = useRoutingStatus();
  const ready = status === 'USER_ACCOUNT_READY';
  const { user, permissions, pending } = useChromeData(ready);
  const email = session.data?.email ?? null;

  if (!status) return <Splash />;
  const destination = destinationForStatus(status, email);
  if (destination) return <Navigate to={destination} replace />;
  if (!user.data) {
    // A failed user fetch leaves the user unset: redirected as not registered (spec 000 §2.3).
    if (user.isError)
      return <Navigate to={destinationForStatus('USER_NOT_REGISTERED', email) ?? '/'} replace />;
    return <Splash />;
  }
  if (pending) return <Splash />;
  return <AppLayout user={user.data} permissions={permissions} />;
}
