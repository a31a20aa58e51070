import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * A request the server refused (4xx) or that already waited the full time-out will not do better
 * on a second try; a dropped connection or a 5xx might.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.code === 'timeout' || error.code === 'invalid_response')) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      // A retried write could act twice (two users, two quality processes): never retry one.
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
