import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scimAccessQueryKey } from './get-scim-access';

/** POST /api/team/scim/generate: a new SCIM token, shown this once; the previous one stops working at once. */
export const generateScimToken = () => api('generateScimToken');

/** The cached access takes the new token's start; the whole token stays with the caller (shown once). */
export function useGenerateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateScimToken,
    onSuccess: ({ token: _shownOnce, ...access }) => queryClient.setQueryData(scimAccessQueryKey, access),
  });
}
