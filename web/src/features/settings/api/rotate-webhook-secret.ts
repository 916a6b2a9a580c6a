import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksQueryKey } from './list-webhooks';

/** POST /api/integrations/webhooks/{webhookId}/rotate-secret: the new secret, shown this once. */
export const rotateWebhookSecret = (webhookId: string) =>
  api('rotateWebhookSecret', { params: { webhookId } });

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
