import type { Project, UpdateProjectRequest } from '@shared/schemas/project';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryOptions } from './get-project';
import { type ProjectDashboard, projectDashboardQueryKey } from './get-project-dashboard';

export type UpdateProjectInput = { projectId: string; changes: UpdateProjectRequest };

/** POST /api/projects/{projectId}/update: one field (or one group of fields); answers the project. */
export const updateProject = ({ projectId, changes }: UpdateProjectInput) =>
  api('updateProject', { params: { projectId }, body: changes });

/**
 * Show an updated project at once on every screen of it (the dashboard keeps its aggregates), then
 * refresh the project queries: lists and the home panel show names, priorities and due dates too.
 */
export function applyProject(queryClient: QueryClient, project: Project): Promise<void> {
  queryClient.setQueryData(projectQueryOptions(project.projectId).queryKey, project);
  queryClient.setQueryData<ProjectDashboard>(projectDashboardQueryKey(project.projectId), (dashboard) =>
    dashboard ? { ...dashboard, project } : dashboard,
  );
  return queryClient.invalidateQueries({ queryKey: ['projects'] });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => applyProject(queryClient, project),
  });
}
