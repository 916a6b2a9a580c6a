import type { ExportPreview, ExportRequest } from '@shared/schemas/source';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { ExportPreview, ExportRequest };

/** POST /api/projects/{projectId}/questions/export/preview: the export's columns, first rows and counts. */
export const previewExport = (projectId: string, body: ExportRequest, signal?: AbortSignal) =>
  api('previewExport', { params: { projectId }, body, signal });

export const exportPreviewQueryOptions = (projectId: string, body: ExportRequest) =>
  queryOptions({
    queryKey: [...projectQueryKey(projectId), 'export-preview', body] as const,
    queryFn: ({ signal }) => previewExport(projectId, body, signal),
    staleTime: 0,
  });

export const useExportPreview = (projectId: string, body: ExportRequest | null) =>
  useQuery({
    ...exportPreviewQueryOptions(projectId, body ?? { kind: 'DATA', format: 'csv' }),
    enabled: body !== null,
  });
