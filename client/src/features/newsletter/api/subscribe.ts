// Newsletter subscription: POST /api/leads/add with the archive's fixed source.
import { mutationOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../api/client';

/** The server's message when it gives one, else this. */
export const SUBSCRIBE_ERROR = 'Ocurrió un error al procesar tu solicitud.';

export type Subscriber = { nick: string; email: string };

/** Resolves to the server's message (a first subscription and a repeated one answer differently). */
export async function subscribe({ nick, email }: Subscriber): Promise<string> {
  const result = await api.POST('/api/leads/add', {
    body: {
      email: email.trim(),
      nick: nick.trim(),
      page: 'Newsletter Archive',
      section: 'Subscription Form',
      status: 'Subscribed via Form',
    },
  });
  unwrap(result, SUBSCRIBE_ERROR);
  // The answer counts only with status 'success'.
  if (result.data?.status !== 'success') throw new ApiError(result.data?.message || SUBSCRIBE_ERROR, result.response.status);
  return result.data.message;
}

export const subscribeMutation = () => mutationOptions({ mutationKey: ['newsletter', 'subscribe'], mutationFn: subscribe });
