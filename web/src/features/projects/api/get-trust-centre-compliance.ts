import type { ComplianceOverrides } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ComplianceOverrides };

/**
 * GET /api/projects/{projectId}/compliance: the custom compliance wording keyed by level; the
 * Trust Centre reads the project level (keyed by the projectId).
 */
export const getTrustCentreCompliance = (projectId: string, signal?: AbortSignal) =>
  api('getComplianceOverrides', { params: { projectId }, signal });

export const trustCentreComplianceQueryKey = (projectId: string) =>
  ['projects', projectId, 'trust-centre', 'compliance'] as const;

export const trustCentreComplianceQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: trustCentreComplianceQueryKey(projectId),
    queryFn: ({ signal }) => getTrustCentreCompliance(projectId, signal),
  });

export const useTrustCentreCompliance = (projectId: string) =>
  useQuery(trustCentreComplianceQueryOptions(projectId));
