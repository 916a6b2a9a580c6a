import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** POST /api/user/logged-in: record that the caller signed in (the team page's Last Seen). */
export const recordLoggedIn = () => api('recordLoggedIn');

/**
 * Record the sign-in without holding anything up. A user who has not completed registration has no
 * record yet: the 404 is expected and ignored; other failures are already reported by the client.
 */
export function recordLoggedInQuietly(): void {
  recordLoggedIn().catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) return;
  });
}

export const useRecordLoggedIn = () => useMutation({ mutationFn: recordLoggedIn });
