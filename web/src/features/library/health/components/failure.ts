import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

/** The server's own reason when it gave one a user can act on (stale group, bad pick), else `fallback`. */
export function failure(error: unknown, fallback: string) {
  notifyError(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback);
}
