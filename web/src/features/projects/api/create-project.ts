import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreateProjectInput = RouteBody<'createProject'>;

/** POST /api/projects/create: a new project (the server records the activity); answers the project. */
export const createProject = (body: CreateProjectInput) => api('createProject', { body });

/** Create, then refresh every projects query (the list and the home panel). */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
