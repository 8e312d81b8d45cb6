// Sign in and sign out: used by the AuthProvider, which keeps the session in the query cache.
import { mutationOptions } from '@tanstack/react-query';
import { unwrap } from '../../../api/errors';
// The session's own calls run in the app's shell: the light client (no openapi-fetch) is enough.
import { lightApi } from '../../../api/light-client';
import type { LoginBody, User } from './types';

export const LOGIN_ERROR = 'Error al iniciar sesión.';

export async function postLogin(body: LoginBody): Promise<User> {
  return unwrap(await lightApi.POST('/api/auth/login', { body }), LOGIN_ERROR);
}

export async function postLogout(): Promise<void> {
  unwrap(await lightApi.POST('/api/auth/logout'));
}

export const sessionMutations = {
  login: () => mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: postLogin }),
  logout: () => mutationOptions({ mutationKey: ['auth', 'logout'], mutationFn: postLogout }),
};
