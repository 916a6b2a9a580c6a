import type { CheckImportResult, ImportAnswersRequest } from '@shared/schemas/answer';
import { api } from '@/lib/api-client';

/**
 * POST /api/answers/import/check: the importer's rows the library already holds, word for word
 * (EXACT) or nearly (NEAR), by their place in the items sent.
 */
export const checkImportAnswers = (items: ImportAnswersRequest['items']): Promise<CheckImportResult> =>
  api('checkImportAnswers', { body: { items } });
