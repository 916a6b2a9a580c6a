import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/{answerId}/replace: new text for the entry (409 when someone replaced it first). */
export const replaceAnswer = ({
  answerId,
  body,
}: {
  answerId: string;
  body: { answer: string; originalQuestion?: string; version?: number };
}) => api('replaceAnswer', { params: { answerId }, body });

export const useReplaceAnswer = () => useLibraryMutation(replaceAnswer);
