// The auth feature's query factory: keys go from generic to specific, ['auth'] then ['auth', 'me'].
import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../../api/errors';
import { lightApi } from '../../../api/light-client';
import type { User } from './types';

/** Who am I: the session's user, or null for a guest (401 is an answer, not an error). */
export async function fetchCurrentUser(): Promise<User | null> {
  const result = await lightApi.GET('/api/auth/verifyToken');
  if (result.response.status === 401) return null;
  return unwrap(result);
}

export const authQueries = {
  all: () => ['auth'] as const,
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'] as const,
      queryFn: fetchCurrentUser,
      // A failed check leaves the visitor signed out at once (spec §8) instead of holding the page for a retry.
      retry: false,
      // Try even when the browser says it is offline: a paused check would hold the whole site on 'Cargando...'.
      networkMode: 'always',
    }),
};
