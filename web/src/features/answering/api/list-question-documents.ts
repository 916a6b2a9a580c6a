import type { AttachedDocument } from '@shared/schemas/document';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AttachedDocument };

/** Every question's attachments in one project start with this key (ATTACHMENTS_UPDATED refreshes them). */
export const projectAttachmentsQueryKey = (projectId: string) =>
  ['answering', projectId, 'attachments'] as const;

export const questionDocumentsQueryKey = (projectId: string, questionId: string) =>
  [...projectAttachmentsQueryKey(projectId), questionId] as const;

/** GET /api/projects/{projectId}/questions/{questionId}/documents: the documents attached to the question. */
export const listQuestionDocuments = (projectId: string, questionId: string, signal?: AbortSignal) =>
  api('listQuestionDocuments', { params: { projectId, questionId }, signal });

export const questionDocumentsQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: questionDocumentsQueryKey(projectId, questionId),
    queryFn: ({ signal }) => listQuestionDocuments(projectId, questionId, signal),
  });

export const useQuestionDocuments = (projectId: string, questionId: string, enabled = true) =>
  useQuery({ ...questionDocumentsQueryOptions(projectId, questionId), enabled });
