// TanStack Query's cache for the whole app. Imported only by code that loads on demand (query-scope.tsx) and by
// tests, so the shell that shows the first page (e.g. /menu) does not carry the query library.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** A 4xx will not change on a second try (bad input, no session, forbidden): do not retry it. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
