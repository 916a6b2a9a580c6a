import type { CreateSourceRequest } from '@shared/schemas/source';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreateSourceInput = { projectId: string } & CreateSourceRequest;

/**
 * POST /api/projects/{projectId}/source/create: starts an upload (CREATE_QUESTION); answers the new
 * projectSourceId and the presigned POST the file goes to (web/src/lib/upload.ts).
 */
export const createSource = ({ projectId, ...body }: CreateSourceInput) =>
  api('createSource', { params: { projectId }, body });

export const useCreateSource = () => useMutation({ mutationFn: createSource });
