// The newsletter's confirmation link (double opt-in): POST /api/newsletter/confirm with the link's token.
import { mutationOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

/** The server's message when it gives one, else this (a network failure). */
export const CONFIRM_ERROR = 'No pudimos confirmar tu suscripción. Revisa tu conexión e inténtalo de nuevo.';

/** Resolves to the server's message (a first confirmation and a repeated one answer differently). */
export async function confirmSubscription(token: string): Promise<string> {
  const result = await api.POST('/api/newsletter/confirm', { body: { token } });
  unwrap(result, CONFIRM_ERROR);
  return result.data?.message ?? '';
}

export const confirmSubscriptionMutation = () => mutationOptions({ mutationKey: ['newsletter', 'confirm'], mutationFn: confirmSubscription });
