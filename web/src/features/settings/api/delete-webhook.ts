import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksQueryKey } from './list-webhooks';

/** POST /api/integrations/webhooks/{webhookId}/delete. */
export const deleteWebhook = (webhookId: string) => api('deleteWebhook', { params: { webhookId } });

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
