import type { AttachedDocument } from '@shared/schemas/document';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { AttachedDocument };

/** Every attachments query of one project (its own files, Project Files) starts with this key. */
export const attachmentsQueryKey = (projectId: string) =>
  [...projectQueryKey(projectId), 'attachments'] as const;

/** GET /api/projects/{projectId}/documents: the documents attached to the project itself. */
export const listProjectDocuments = (projectId: string, signal?: AbortSignal) =>
  api('listProjectDocuments', { params: { projectId }, signal });

export const projectDocumentsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...attachmentsQueryKey(projectId), 'project'] as const,
    queryFn: ({ signal }) => listProjectDocuments(projectId, signal),
  });

export const useProjectDocuments = (projectId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...projectDocumentsQueryOptions(projectId), enabled });
