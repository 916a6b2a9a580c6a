import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

/** POST /api/user/photo/remove: remove the caller's photo; returns the updated user. */
export const removePhoto = () => api('removePhoto');

export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePhoto,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
