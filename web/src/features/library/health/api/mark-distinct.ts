import { useLibraryMutation } from '@/features/library/api/use-library-mutation';
import { api } from '@/lib/api-client';

/** POST /api/answers/health/groups/{healthGroupId}/distinct: Mark distinct. */
export const markDistinct = (healthGroupId: string) => api('markDistinct', { params: { healthGroupId } });

export const useMarkDistinct = () => useLibraryMutation(markDistinct);
