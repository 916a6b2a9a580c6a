import type { ComplianceWording } from '@shared/schemas/project';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { complianceOverridesQueryKey } from './get-compliance-overrides';
import { projectQueryKey } from './get-project';

export interface UpdateComplianceInput {
  projectId: string;
  /** The project-level wording (empty values fall back to the product default). */
  wording: ComplianceWording;
  /** The project version the editor started from (409 when someone changed it since). */
  version?: number;
}

/** POST /api/projects/{projectId}/compliance/update: replace the project-level compliance wording. */
export const updateComplianceOverrides = ({ projectId, wording, version }: UpdateComplianceInput) =>
  api('updateComplianceOverrides', {
    params: { projectId },
    body: { overrides: { [projectId]: wording }, version },
  });

export function useUpdateComplianceOverrides() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComplianceOverrides,
    onSuccess: (overrides, { projectId }) => {
      queryClient.setQueryData(complianceOverridesQueryKey(projectId), overrides);
      return queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
    },
  });
}
