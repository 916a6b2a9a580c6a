import { api } from '@/lib/api-client';

/** POST /api/answers/{answerSourceId}/complete: the file checked by its bytes and read into sheets. */
export const completeLibraryUpload = (answerSourceId: string) =>
  api('completeLibraryUpload', { params: { answerSourceId } });
