import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/integrations/webhooks/{webhookId}/deliveries: newest first, 50 a page. */
export const listWebhookDeliveries = (webhookId: string, cursor?: string, signal?: AbortSignal) =>
  api('listWebhookDeliveries', { params: { webhookId }, query: { cursor }, signal });

export const webhookDeliveriesQueryKey = (webhookId: string) =>
  ['settings', 'webhooks', webhookId, 'deliveries'] as const;

export const webhookDeliveriesQueryOptions = (webhookId: string) =>
  infiniteQueryOptions({
    queryKey: webhookDeliveriesQueryKey(webhookId),
    queryFn: ({ pageParam, signal }) => listWebhookDeliveries(webhookId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
  });

/** While a delivery is on its way (or waiting for a retry), the list looks again every few seconds. */
export const useWebhookDeliveries = (webhookId: string) =>
  useInfiniteQuery({
    ...webhookDeliveriesQueryOptions(webhookId),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) =>
        p.items.some((d) => d.status === 'PENDING' || d.status === 'SENDING'),
      )
        ? 2000
        : 15_000,
  });
