// The session check, and the accounts feature's query key (nothing of the session is kept in the query cache).
import { unwrap } from '../../../api/errors';
import { lightApi } from '../../../api/light-client';
import type { SessionUser } from '../../../api/account-types';

/** Who am I: the session's user, or null for a guest (401 is an answer, not an error). */
export async function fetchCurrentUser(): Promise<SessionUser | null> {
  const result = await lightApi.GET('/api/auth/verifyToken');
  if (result.response.status === 401) return null;
  return unwrap(result);
}

/** The accounts feature's root key: the session itself lives outside the query cache (session/AuthProvider.tsx). */
export const accountsQueries = {
  all: () => ['accounts'] as const,
};
