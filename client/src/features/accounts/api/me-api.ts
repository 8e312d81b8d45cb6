// The account page's calls: the name, the password, the open sessions, the data export and the deletion. Keys
// from generic to specific: ['accounts'], ['accounts', 'sessions'].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';
import { accountsQueries } from './accounts-queries';

type Data<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

export type OpenSession = Data<'/api/me/sessions', 'get'>[number];

export const NAME_ERROR = 'No pudimos cambiar tu nombre. Inténtalo de nuevo.';
export const PASSWORD_ERROR = 'No pudimos cambiar tu contraseña. Inténtalo de nuevo.';
export const SESSIONS_ERROR = 'No pudimos cargar tus sesiones. Revisa tu conexión e inténtalo de nuevo.';
export const END_SESSION_ERROR = 'No pudimos cerrar esa sesión. Inténtalo de nuevo.';
export const EXPORT_ERROR = 'No pudimos preparar tus datos. Inténtalo de nuevo en unos minutos.';
export const DELETE_ERROR = 'No pudimos eliminar tu cuenta. Inténtalo de nuevo en unos minutos.';

/** The file a person gets: their account and every event of their journey, as the server wrote it. */
export const EXPORT_FILE_NAME = 'mis-datos-manifiesta.json';

export async function postName(name: string) {
  const result = await api.POST('/api/me/name', { body: { name } });
  return { user: unwrap(result, NAME_ERROR), message: result.data?.message ?? '' };
}

export async function postPassword(body: { currentPassword: string; newPassword: string }): Promise<string> {
  const result = await api.POST('/api/me/password', { body });
  unwrap(result, PASSWORD_ERROR);
  return result.data?.message ?? '';
}

export async function fetchSessions(): Promise<OpenSession[]> {
  return unwrap(await api.GET('/api/me/sessions'), SESSIONS_ERROR);
}

/** `current`: it was this device's session, so this device is signed out now. */
export async function endSession(id: string): Promise<{ current: boolean }> {
  return unwrap(await api.POST('/api/me/sessions/{id}/end', { params: { path: { id } } }), END_SESSION_ERROR);
}

/** GET /api/me/export as a file: the JSON text the server made, kept as it is. */
export async function fetchExport(): Promise<Blob> {
  const result = await api.GET('/api/me/export', { parseAs: 'blob' });
  if (!result.response.ok || !result.data) {
    const message = (result.error as { message?: unknown } | undefined)?.message;
    throw new ApiError(typeof message === 'string' && message ? message : EXPORT_ERROR, result.response.status);
  }
  return result.data;
}

/**
 * POST /api/me/delete {password}: 200 when the account is gone (its sessions with it), 401 with the server's
 * Spanish message when the password is wrong, 429 when too many wrong ones came from here.
 */
export async function postDeleteAccount(password: string): Promise<void> {
  unwrap(await api.POST('/api/me/delete', { body: { password } }), DELETE_ERROR);
}

export const meQueries = {
  sessions: () => queryOptions({ queryKey: [...accountsQueries.all(), 'sessions'], queryFn: fetchSessions }),
};

export const meMutations = {
  name: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'name'], mutationFn: postName }),
  password: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'password'], mutationFn: postPassword }),
  endSession: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'endSession'], mutationFn: endSession }),
  deleteAccount: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'delete'], mutationFn: postDeleteAccount }),
};
