/**
 * Identity state for guards and screens: whether there is a Cognito session and whose e-mail it
 * carries. The session is a react-query query refreshed on Amplify Hub auth events.
 */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

export interface AuthSession {
  signedIn: boolean;
  /** E-mail from the ID token, trimmed and lower-cased; null when signed out. */
  email: string | null;
}

/** Set when the user chose to sign out: Sign In then starts afresh, with no page to return to. */
let signedOutByChoice = false;
export const signedOutByUser = () => signedOutByChoice;

const SIGNED_OUT: AuthSession = { signedIn: false, email: null };

/** E-mails are trimmed and lower-cased before use (spec 000 §5). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function readAuthSession(): Promise<AuthSession> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.idToken) return SIGNED_OUT;
    const email = tokens.idToken.payload.email;
    return { signedIn: true, email: typeof email === 'string' ? normalizeEmail(email) : null };
  } catch {
    return SIGNED_OUT;
  }
}

export const authSessionQueryKey = ['auth', 'session'] as const;

export const authSessionQueryOptions = () =>
  queryOptions({
    queryKey: authSessionQueryKey,
    queryFn: readAuthSession,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAuthSession = () => useQuery(authSessionQueryOptions());

/** Re-read the session whenever Amplify reports a sign-in, sign-out or failed refresh. */
export function listenToAuthEvents(queryClient: QueryClient): () => void {
  return Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
        signedOutByChoice = false;
        void queryClient.invalidateQueries({ queryKey: authSessionQueryKey });
        break;
      case 'signedOut':
      case 'signInWithRedirect':
      case 'tokenRefresh_failure':
        void queryClient.invalidateQueries({ queryKey: authSessionQueryKey });
        break;
      default:
        break;
    }
  });
}

/** Amplify's account flows (auth-flows.ts), fetched once; a failed fetch is tried again next time. */
let authFlows: Promise<typeof import('./auth-flows')> | undefined;
export const loadAuthFlows = () => {
  authFlows ??= import('./auth-flows').catch((error: unknown) => {
    authFlows = undefined;
    throw error;
  });
  return authFlows;
};

/** Start fetching the account flows when a sign-in is near; a failure waits for the real call. */
export const preloadAuthFlows = () => {
  loadAuthFlows().catch(() => undefined);
};

export type PasswordSignInResult = 'signed-in' | 'confirm-sign-up' | 'reset-password' | 'unsupported-step';

/**
 * Sign in with e-mail and password. USER_PASSWORD_AUTH, because the local identity emulator has no
 * SRP. An unconfirmed user comes back as 'confirm-sign-up' (Amplify reports it as a next step rather
 * than the UserNotConfirmedException some versions throw; callers handle both). Amplify's sign-in
 * flows load on first use (loadAuthFlows), not with the sign-in screen.
 */
export async function signInWithPassword(email: string, password: string): Promise<PasswordSignInResult> {
  const { signIn } = await loadAuthFlows();
  const result = await signIn({
    username: normalizeEmail(email),
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (result.isSignedIn) return 'signed-in';
  switch (result.nextStep.signInStep) {
    case 'CONFIRM_SIGN_UP':
      return 'confirm-sign-up';
    case 'RESET_PASSWORD':
      return 'reset-password';
    case 'DONE':
      return 'signed-in';
    default:
      return 'unsupported-step';
  }
}

/** The identity error name (e.g. UserNotConfirmedException), if the error carries one. */
export const authErrorName = (error: unknown): string | undefined =>
  error instanceof Error ? error.name : undefined;

/**
 * Restart the application state (after registration, joining or creating a team): every cached
 * answer is dropped and what is on screen loads again, from the session down, behind the splash.
 */
export async function restartAppState(queryClient: QueryClient): Promise<void> {
  await queryClient.resetQueries();
}

/** Sign out: clears all session state; the guards then send the user to /login. */
export async function signOutAndReset(queryClient: QueryClient): Promise<void> {
  signedOutByChoice = true;
  try {
    const { signOut } = await loadAuthFlows();
    await signOut();
  } finally {
    queryClient.setQueryData(authSessionQueryKey, SIGNED_OUT);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authSessionQueryKey[0] });
  }
}
