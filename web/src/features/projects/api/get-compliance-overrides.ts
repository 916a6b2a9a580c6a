import type { ComplianceOverrides } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { ComplianceOverrides };

/** GET /api/projects/{projectId}/compliance: custom wording keyed by level (projectId, projectSourceId, sheetId). */
export const getComplianceOverrides = (projectId: string, signal?: AbortSignal) =>
  api('getComplianceOverrides', { params: { projectId }, signal });

export const complianceOverridesQueryKey = (projectId: string) =>
  [...projectQueryKey(projectId), 'compliance'] as const;

export const complianceOverridesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: complianceOverridesQueryKey(projectId),
    queryFn: ({ signal }) => getComplianceOverrides(projectId, signal),
  });

export const useComplianceOverrides = (projectId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...complianceOverridesQueryOptions(projectId), enabled });
