// POST /api/{page}/clarification-call: a visitor asks for the free clarification call.
import { EMAIL_PATTERN } from '../../../../../course/contact';
import { api, ApiError, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type CallPage = 'reprograma' | 'manifiesta';
export type CallBody = paths['/api/reprograma/clarification-call']['post']['requestBody']['content']['application/json'];
export type CallValues = { name: string; email: string; whatsapp: string; message: string };
export type CallErrors = Partial<Record<'name' | 'contact' | 'email', string>>;

export const CALL_FORM_MESSAGES = {
  name: 'Tu nombre es obligatorio.',
  contact: 'Déjanos un email o un número de WhatsApp para poder contactarte.',
  email: 'Ingresa un email válido.',
  failed: 'No pudimos enviar tu solicitud. Revisa tu conexión e inténtalo de nuevo.',
} as const;

/** What the server needs before it is asked: a name and a way to reach the visitor. The rest it checks itself. */
export function validateCall(values: CallValues): CallErrors {
  const name = values.name.trim();
  const email = values.email.trim();
  const whatsapp = values.whatsapp.trim();
  const errors: CallErrors = {};
  if (!name) errors.name = CALL_FORM_MESSAGES.name;
  if (!email && !whatsapp) errors.contact = CALL_FORM_MESSAGES.contact;
  else if (email && !EMAIL_PATTERN.test(email)) errors.email = CALL_FORM_MESSAGES.email;
  return errors;
}

/** The body as sent: trimmed, empty optional fields left out. */
export function callBody(values: CallValues): CallBody {
  const email = values.email.trim();
  const whatsapp = values.whatsapp.trim();
  const message = values.message.trim();
  return { name: values.name.trim(), ...(email ? { email } : {}), ...(whatsapp ? { whatsapp } : {}), ...(message ? { message } : {}) };
}

/** Resolves with the server's thank-you message; rejects with an ApiError carrying the server's message. */
export async function requestClarificationCall(page: CallPage, body: CallBody): Promise<string> {
  try {
    const result =
      page === 'reprograma' ? await api.POST('/api/reprograma/clarification-call', { body }) : await api.POST('/api/manifiesta/clarification-call', { body });
    unwrap(result, CALL_FORM_MESSAGES.failed);
    return result.data!.message;
  } catch (error) {
    // A network failure never reached the server: say so instead of a raw browser message.
    throw error instanceof ApiError ? error : new ApiError(CALL_FORM_MESSAGES.failed, 0);
  }
}
