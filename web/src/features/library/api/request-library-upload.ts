import { api } from '@/lib/api-client';

/** POST /api/answers/upload: a presigned POST for the library file (.xlsx or .csv, 25 MB). */
export const requestLibraryUpload = (body: { fileName: string; contentType: string; sizeBytes: number }) =>
  api('requestLibraryUpload', { body });
