import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENTS_QUERY_KEY } from './list-documents';

/** A library change: every Document Library query (the list, a document's history) refreshes after it. */
export function useDocumentsMutation<R, V>(mutationFn: MutationFunction<R, V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
  });
}
