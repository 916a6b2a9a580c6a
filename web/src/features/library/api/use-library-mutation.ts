import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_QUERY_KEY } from './search-library';

/** A library change: every library query (lists, counts, the open answer) refreshes after it. */
export function useLibraryMutation<R, V>(mutationFn: MutationFunction<R, V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY }),
  });
}
