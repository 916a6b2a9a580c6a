import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiAccessQueryKey } from './get-api-access';

/** POST /api/team/api-access/generate: a new key, shown this once; the previous key stops working at once. */
export const generateApiKey = () => api('generateApiKey');

/** The cached access takes the new key's start; the whole key stays with the caller (shown once). */
export function useGenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateApiKey,
    onSuccess: ({ apiKey: _shownOnce, ...access }) => queryClient.setQueryData(apiAccessQueryKey, access),
  });
}
