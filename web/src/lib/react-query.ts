import { QueryClient } from '@tanstack/react-query';

/**
 * The application's query client. The API client already retries (2 attempts), so react-query
 * does not retry on top of it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
