import type { ManagerField } from '@shared/schemas/project';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyProject } from './update-project';

export interface UnassignProjectInput {
  projectId: string;
  field: ManagerField;
  /** The user the field names now: a newer assignment by someone else is kept. */
  userId: string;
}

/** POST /api/projects/{projectId}/unassign: remove the sales or delivery manager. */
export const unassignProject = ({ projectId, field, userId }: UnassignProjectInput) =>
  api('unassignProject', { params: { projectId }, body: { [field]: userId } });

export function useUnassignProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignProject,
    onSuccess: (project) => applyProject(queryClient, project),
  });
}
