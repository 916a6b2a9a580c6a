import type { ExportRequest, FileLink } from '@shared/schemas/source';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { FileLink };

/** POST /api/projects/{projectId}/questions/export: writes the export and answers a short-lived link to it. */
export const exportQuestions = ({ projectId, body }: { projectId: string; body: ExportRequest }) =>
  api('exportQuestions', { params: { projectId }, body });

export const useExportQuestions = () => useMutation({ mutationFn: exportQuestions });
