import type { AnswerStatus } from '@shared/schemas/answer';
import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/bulk/update: one status for the selected answers. */
export const bulkUpdateAnswers = (body: { answerIds: string[]; answerStatus: AnswerStatus }) =>
  api('bulkUpdateAnswers', { body });

export const useBulkUpdateAnswers = () => useLibraryMutation(bulkUpdateAnswers);
