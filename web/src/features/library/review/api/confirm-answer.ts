import { useLibraryMutation } from '@/features/library/api/use-library-mutation';
import { api } from '@/lib/api-client';

/** POST /api/answers/{answerId}/confirm: Confirm unchanged (the review recorded, the next day set). */
export const confirmAnswer = ({ answerId, version }: { answerId: string; version?: number }) =>
  api('confirmAnswer', { params: { answerId }, body: version ? { version } : {} });

export const useConfirmAnswer = () => useLibraryMutation(confirmAnswer);
