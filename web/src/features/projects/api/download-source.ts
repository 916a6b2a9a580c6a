import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DownloadSourceInput = { projectId: string; projectSourceId: string };

/** GET /api/projects/{projectId}/sources/{projectSourceId}/download: a short-lived link to the original file. */
export const downloadSource = ({ projectId, projectSourceId }: DownloadSourceInput) =>
  api('downloadSource', { params: { projectId, projectSourceId } });

export const useDownloadSource = () => useMutation({ mutationFn: downloadSource });
