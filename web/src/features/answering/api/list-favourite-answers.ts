import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANSWERING_LIBRARY_KEY } from './list-suggestions';

/** GET /api/answers/favourites: the caller's favourite answers. */
export const listFavouriteAnswers = (signal?: AbortSignal) => api('listFavourites', { signal });

export const favouriteAnswersQueryOptions = () =>
  queryOptions({
    queryKey: [...ANSWERING_LIBRARY_KEY, 'favourites'] as const,
    queryFn: ({ signal }) => listFavouriteAnswers(signal),
  });

export const useFavouriteAnswers = (enabled: boolean) =>
  useQuery({ ...favouriteAnswersQueryOptions(), enabled });
