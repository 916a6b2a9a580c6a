import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

export type UpdateUserInput = RouteBody<'updateUser'>;

/** POST /api/user/update: change the caller's first and last name; returns the updated user. */
export const updateUser = (body: UpdateUserInput) => api('updateUser', { body });

/**
 * Save the names; the returned user replaces the cached one (navigation and profile follow). A
 * refused save (e.g. a newer version saved elsewhere) reloads the user, so the next try is current.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
    onError: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
