import type { ComplianceOverrides } from '@shared/schemas/project';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { complianceOverridesQueryKey } from './get-compliance-overrides';
import { projectQueryKey } from './get-project';

export interface UpdateComplianceInput {
  projectId: string;
  /**
   * The wording of each level changed, keyed by its id: the projectId, a projectSourceId or a
   * sheetId. Levels not named keep theirs; empty values fall back to the next level.
   */
  overrides: ComplianceOverrides;
  /** The project version the editor started from (409 when someone changed it since). */
  version?: number;
}

/** POST /api/projects/{projectId}/compliance/update: replace the wording of the levels named. */
export const updateComplianceOverrides = ({ projectId, overrides, version }: UpdateComplianceInput) =>
  api('updateComplianceOverrides', { params: { projectId }, body: { overrides, version } });

export function useUpdateComplianceOverrides() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComplianceOverrides,
    onSuccess: (overrides, { projectId }) => {
      queryClient.setQueryData(complianceOverridesQueryKey(projectId), overrides);
      // The project (its version) and its sources (their wording) change with it.
      return queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
    },
  });
}
