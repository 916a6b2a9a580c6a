import { api } from '@/lib/api-client';

/**
 * POST /api/answers/{answerSourceId}/complete: the file checked by its bytes and handed to the
 * processing job, which reads its sheets (PROCESSING; see get-library-upload.ts).
 */
export const completeLibraryUpload = (answerSourceId: string) =>
  api('completeLibraryUpload', { params: { answerSourceId } });
