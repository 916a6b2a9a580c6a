import { useLibraryMutation } from '@/features/library/api/use-library-mutation';
import { api } from '@/lib/api-client';

/** POST /api/answers/health/check: Check now. */
export const checkLibraryHealth = () => api('checkLibraryHealth', {});

export const useCheckLibraryHealth = () => useLibraryMutation(checkLibraryHealth);
