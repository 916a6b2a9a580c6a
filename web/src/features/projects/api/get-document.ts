import { DocumentContent, type DocumentDetail } from '@shared/schemas/source';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { DocumentContent, DocumentDetail };

export type DocumentRef = { projectId: string; projectSourceId: string };

/** GET .../sources/{projectSourceId}/document: annotations, detected questions and a link to the content. */
export const getDocument = ({ projectId, projectSourceId }: DocumentRef, signal?: AbortSignal) =>
  api('getDocument', { params: { projectId, projectSourceId }, signal });

/** Not under the sources key: a source's live update must not reload a document being edited. */
export const documentQueryKey = (projectId: string, projectSourceId: string) =>
  [...projectQueryKey(projectId), 'documents', projectSourceId] as const;

export const documentQueryOptions = (ref: DocumentRef) =>
  queryOptions({
    queryKey: documentQueryKey(ref.projectId, ref.projectSourceId),
    queryFn: ({ signal }) => getDocument(ref, signal),
    staleTime: 0,
  });

export const useDocument = (ref: DocumentRef, enabled: boolean) =>
  useQuery({ ...documentQueryOptions(ref), enabled });

/** The converted document, read from storage through the detail's contentUrl and checked against the shared schema. */
export async function getDocumentContent(contentUrl: string, signal?: AbortSignal): Promise<DocumentContent> {
  const response = await fetch(contentUrl, { credentials: 'omit', signal });
  if (!response.ok) throw new Error(`The document content answered ${response.status}`);
  return DocumentContent.parse(await response.json());
}

export const useDocumentContent = (
  projectId: string,
  projectSourceId: string,
  contentUrl: string | undefined,
) =>
  useQuery({
    queryKey: ['projects', 'document-content', projectId, projectSourceId] as const,
    queryFn: ({ signal }) => getDocumentContent(contentUrl ?? '', signal),
    enabled: !!contentUrl,
    staleTime: Number.POSITIVE_INFINITY,
  });
