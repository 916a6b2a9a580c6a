import type { CreateWebhookRequest } from '@shared/schemas/webhook';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksQueryKey } from './list-webhooks';

/** POST /api/integrations/webhooks: the new endpoint with its secret, shown this once. */
export const createWebhook = (body: CreateWebhookRequest) => api('createWebhook', { body });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
