import type { UpdateWebhookRequest } from '@shared/schemas/webhook';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksQueryKey } from './list-webhooks';

/** POST /api/integrations/webhooks/{webhookId}: address, events, description; pause or turn back on. */
export const updateWebhook = ({ webhookId, ...body }: UpdateWebhookRequest & { webhookId: string }) =>
  api('updateWebhook', { params: { webhookId }, body });

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
