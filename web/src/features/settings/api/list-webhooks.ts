import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/integrations/webhooks: the team's endpoints (never their secrets). */
export const listWebhooks = (signal?: AbortSignal) => api('listWebhooks', { signal });

export const webhooksQueryKey = ['settings', 'webhooks'] as const;

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhooksQueryKey, queryFn: ({ signal }) => listWebhooks(signal) });

/** Only for UPDATE_TEAM: the tab is not offered to others. */
export const useWebhooks = () => useQuery(webhooksQueryOptions());
