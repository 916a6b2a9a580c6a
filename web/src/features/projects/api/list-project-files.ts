import type { ProjectFile } from '@shared/schemas/document';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attachmentsQueryKey } from './list-project-documents';

export type { ProjectFile };

/** GET /api/files/{projectId}: every document attached in the project, to it or its questions, with where. */
export const listProjectFiles = (projectId: string, signal?: AbortSignal) =>
  api('listProjectFiles', { params: { projectId }, signal });

export const projectFilesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...attachmentsQueryKey(projectId), 'files'] as const,
    queryFn: ({ signal }) => listProjectFiles(projectId, signal),
  });

export const useProjectFiles = (projectId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...projectFilesQueryOptions(projectId), enabled });
