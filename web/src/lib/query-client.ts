import { QueryClient } from '@tanstack/react-query';
import { isRefusal } from './api-client';

/**
 * A read that failed is tried once more, unless the server refused it (a 4xx: a workspace or
 * token that is not there, or not the user's, answers the same again).
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isRefusal(error);
}

/** The app's one QueryClient; per-query cache times live in each feature's queryOptions. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryRead, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
