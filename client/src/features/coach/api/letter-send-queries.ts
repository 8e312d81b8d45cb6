// A letter's send to the subscribers (decision 0020): its state and counts, read with the letter (GET
// /api/coach/letters/{id} → send) beside what its links brought (→ attribution, decision 0022), and the coach's four
// acts on it. Key ['coach', 'letters', id].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

type CoachLetter = paths['/api/coach/letters/{id}']['get']['responses'][200]['content']['application/json']['data'];
export type LetterSend = NonNullable<CoachLetter['send']>;
/** Visits by the letter's links and the purchases after them. */
export type LetterAttribution = CoachLetter['attribution'];
export type LetterSendData = { send: LetterSend | null; attribution: LetterAttribution };
export type SendAct = 'send' | 'pause' | 'resume' | 'cancel';

const LOAD_ERROR = 'No se pudo cargar el envío de la carta. Revisa tu conexión e inténtalo de nuevo.';
const SEND_ERROR = 'No se pudo completar la acción. Inténtalo de nuevo.';

export const letterSendQueries = {
  key: (id: string) => ['coach', 'letters', id] as const,
  /**
   * The send (null when the letter was never sent) and what the letter's links brought; asked again every few seconds
   * while it is going out.
   */
  send: (id: string) =>
    queryOptions({
      queryKey: [...letterSendQueries.key(id), 'send'],
      queryFn: async (): Promise<LetterSendData> => {
        const { send, attribution } = unwrap(await api.GET('/api/coach/letters/{id}', { params: { path: { id } } }), LOAD_ERROR);
        return { send, attribution };
      },
      refetchInterval: (query) => (query.state.data?.send?.state === 'sending' ? 3000 : false),
    }),
};

const ACT_PATHS = {
  pause: '/api/coach/letters/{id}/send/pause',
  resume: '/api/coach/letters/{id}/send/resume',
  cancel: '/api/coach/letters/{id}/send/cancel',
} as const;

export const letterSendMutations = {
  act: (id: string) =>
    mutationOptions({
      mutationKey: [...letterSendQueries.key(id), 'act'],
      /** The send after the act, with the server's words about it. */
      mutationFn: async ({ act, at }: { act: SendAct; at?: string }): Promise<{ send: LetterSend; message: string }> => {
        const path = { params: { path: { id } } };
        const result =
          act === 'send' ? await api.POST('/api/coach/letters/{id}/send', { ...path, body: at ? { at } : {} }) : await api.POST(ACT_PATHS[act], path);
        return { send: unwrap(result, SEND_ERROR), message: result.data!.message };
      },
    }),
};
