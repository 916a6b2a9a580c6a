import { useLibraryMutation } from '@/features/library/api/use-library-mutation';
import { api } from '@/lib/api-client';

/** POST /api/answers/health/groups/{healthGroupId}/merge: merge a group into the answer kept. */
export const mergeDuplicates = ({
  healthGroupId,
  keepAnswerId,
}: {
  healthGroupId: string;
  keepAnswerId: string;
}) => api('mergeDuplicates', { params: { healthGroupId }, body: { keepAnswerId } });

export const useMergeDuplicates = () => useLibraryMutation(mergeDuplicates);
