import { useLibraryMutation } from '@/features/library/api/use-library-mutation';
import { api } from '@/lib/api-client';

/** POST /api/answers/health/conflicts/{conflictId}/resolve: keep one answer, archive the other with a reason. */
export const resolveConflict = ({
  conflictId,
  keepAnswerId,
  reason,
}: {
  conflictId: string;
  keepAnswerId: string;
  reason: string;
}) => api('resolveConflict', { params: { conflictId }, body: { keepAnswerId, reason } });

export const useResolveConflict = () => useLibraryMutation(resolveConflict);
