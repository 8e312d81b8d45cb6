// Sign in and sign out: used by the AuthProvider, which keeps the session in the query cache.
import { mutationOptions } from '@tanstack/react-query';
import { unwrap } from '../../../api/errors';
// The session's own calls run in the app's shell: the light client (no openapi-fetch) is enough.
import { lightApi } from '../../../api/light-client';
import { renewingSession } from '../../../api/session-gate';
import { accountsQueries, fetchCurrentUser } from './accounts-queries';
import type { LoginBody, SessionUser } from '../../../api/account-types';

export const LOGIN_ERROR = 'Error al iniciar sesión.';

export async function postLogin(body: LoginBody): Promise<SessionUser> {
  return unwrap(await lightApi.POST('/api/auth/login', { body }), LOGIN_ERROR);
}

export async function postLogout(): Promise<void> {
  unwrap(await lightApi.POST('/api/auth/logout'));
}

/**
 * A new session in place of the current one (POST /api/auth/refreshToken), sent alone: no other request leaves
 * with the old cookie while it runs. A 401 may mean another tab renewed first (the cookie this tab now holds is
 * the newer one), so the session is asked for again. Null when there is none.
 */
export async function renewSession(): Promise<SessionUser | null> {
  const result = await renewingSession(() => lightApi.POST('/api/auth/refreshToken', { ungated: true }));
  if (result.response.status === 401) return fetchCurrentUser();
  return unwrap(result);
}

export const sessionMutations = {
  login: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'login'], mutationFn: postLogin }),
  logout: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'logout'], mutationFn: postLogout }),
};
