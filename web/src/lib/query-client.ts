import { QueryClient } from '@tanstack/react-query';

/** The app's one QueryClient; per-query cache times live in each feature's queryOptions. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
