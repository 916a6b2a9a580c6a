import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scimAccessQueryKey } from './get-scim-access';

/** POST /api/team/scim/revoke: SCIM provisioning off; the token stops working at once. */
export const revokeScimToken = () => api('revokeScimToken');

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeScimToken,
    onSuccess: (access) => queryClient.setQueryData(scimAccessQueryKey, access),
  });
}
