import { SheetContent, type SheetDetail } from '@shared/schemas/source';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { SheetContent, SheetDetail };

export type SheetRef = { projectId: string; projectSourceId: string; sheetId: string };

/**
 * GET /api/projects/{projectId}/sources/{projectSourceId}/sheets/{sheetId}: the sheet's stored
 * configuration, the detected layout and a short-lived link to its cells.
 */
export const getSheet = ({ projectId, projectSourceId, sheetId }: SheetRef, signal?: AbortSignal) =>
  api('getSheet', { params: { projectId, projectSourceId, sheetId }, signal });

/** Not under the sources key: a source's live update must not reload a sheet being edited. */
export const sheetQueryKey = (projectId: string, sheetId: string) =>
  [...projectQueryKey(projectId), 'sheets', sheetId] as const;

export const sheetQueryOptions = (ref: SheetRef) =>
  queryOptions({
    queryKey: sheetQueryKey(ref.projectId, ref.sheetId),
    queryFn: ({ signal }) => getSheet(ref, signal),
    // The content link is short-lived: never serve an old one from the cache.
    staleTime: 0,
  });

export const useSheet = (ref: SheetRef | null) =>
  useQuery({
    ...sheetQueryOptions(ref ?? { projectId: '', projectSourceId: '', sheetId: '' }),
    enabled: ref !== null,
  });

/**
 * The sheet's cells, read from storage through the detail's contentUrl (a plain GET without the
 * API's headers: the link is the credential) and checked against the shared schema.
 */
export async function getSheetContent(contentUrl: string, signal?: AbortSignal): Promise<SheetContent> {
  const response = await fetch(contentUrl, { credentials: 'omit', signal });
  if (!response.ok) throw new Error(`The sheet content answered ${response.status}`);
  return SheetContent.parse(await response.json());
}

/** A sheet's cells never change once read, so the first download is kept for the session. */
export const sheetContentQueryOptions = (projectId: string, sheetId: string, contentUrl: string) =>
  queryOptions({
    queryKey: ['projects', 'sheet-content', projectId, sheetId] as const,
    queryFn: ({ signal }) => getSheetContent(contentUrl, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });

export const useSheetContent = (projectId: string, sheetId: string, contentUrl: string | undefined) =>
  useQuery({ ...sheetContentQueryOptions(projectId, sheetId, contentUrl ?? ''), enabled: !!contentUrl });
