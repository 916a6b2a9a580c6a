import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookDeliveriesQueryKey } from './list-webhook-deliveries';

/** POST /api/integrations/webhooks/{webhookId}/deliveries/{deliveryId}/resend: a new delivery of the event. */
export const resendWebhookDelivery = (params: { webhookId: string; deliveryId: string }) =>
  api('resendWebhookDelivery', { params });

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (_, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(webhookId) }),
  });
}
