import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookDeliveriesQueryKey } from './list-webhook-deliveries';

/** POST /api/integrations/webhooks/{webhookId}/test: a test event queued to the endpoint. */
export const sendTestWebhook = (webhookId: string) => api('sendTestWebhook', { params: { webhookId } });

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: (_, webhookId) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(webhookId) }),
  });
}
