import type { ImportAnswersRequest } from '@shared/schemas/answer';
import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/import: Add Answer (MANUALLY) or the importer; duplicates are not added. */
export const importAnswers = (body: ImportAnswersRequest) => api('importAnswers', { body });

export const useImportAnswers = () => useLibraryMutation(importAnswers);
