import { type Query, QueryClient } from '@tanstack/react-query';

/** The first pause before a failed query is fetched again because a screen mounted. */
export const MOUNT_RETRY_BASE_MS = 1_000;
/** The longest such pause. */
export const MOUNT_RETRY_MAX_MS = 30_000;

/** How long a query that failed `failures` times in a row waits before a mount may fetch it again. */
export const mountRetryBackoffMs = (failures: number) =>
  Math.min(MOUNT_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), MOUNT_RETRY_MAX_MS);

/**
 * Whether a component mounting may fetch a query that is in error again. Without a pause, a screen
 * that unmounts and remounts while its query loads (a guard showing the splash, say) asks again at
 * once, fails again, and spins: about 40 requests a second. With it, repeated failures back off
 * (1 s, 2 s, 4 s … 30 s); an explicit refetch (Try again) or an invalidation is never held back.
 */
export function retryOnMountAfterBackoff(query: Query, now = Date.now()): boolean {
  const { status, errorUpdatedAt, errorUpdateCount } = query.state;
  if (status !== 'error') return true;
  return now - errorUpdatedAt >= mountRetryBackoffMs(errorUpdateCount);
}

/**
 * The application's query client. The API client already retries (2 attempts), so react-query
 * does not retry on top of it; a query that keeps failing is fetched again on mount only after a
 * growing pause (retryOnMountAfterBackoff).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: (query) => retryOnMountAfterBackoff(query as Query),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
