// The unsubscribe link of every marketing mail (decision 0019): POST /api/newsletter/unsubscribe {token} leaves,
// POST /api/newsletter/resubscribe {token} comes back (the link proves the mailbox: no second confirmation).
import { mutationOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

/** The server's message when it gives one, else these (a network failure). */
export const UNSUBSCRIBE_ERROR = 'No pudimos darte de baja. Revisa tu conexión e inténtalo de nuevo.';
export const RESUBSCRIBE_ERROR = 'No pudimos volver a suscribirte. Revisa tu conexión e inténtalo de nuevo.';

/** Resolves to the server's message (a first unsubscribe and a repeated one answer differently). */
export async function unsubscribe({ token, letterId }: { token: string; letterId?: string }): Promise<string> {
  const result = await api.POST('/api/newsletter/unsubscribe', { body: { token, ...(letterId ? { letterId } : {}) } });
  unwrap(result, UNSUBSCRIBE_ERROR);
  return result.data?.message ?? '';
}

export async function resubscribe(token: string): Promise<string> {
  const result = await api.POST('/api/newsletter/resubscribe', { body: { token } });
  unwrap(result, RESUBSCRIBE_ERROR);
  return result.data?.message ?? '';
}

export const unsubscribeMutation = () => mutationOptions({ mutationKey: ['newsletter', 'unsubscribe'], mutationFn: unsubscribe });
export const resubscribeMutation = () => mutationOptions({ mutationKey: ['newsletter', 'resubscribe'], mutationFn: resubscribe });
