// Account creation and e-mail verification: only the account pages (signup, verification) load this module.
import { mutationOptions } from '@tanstack/react-query';
import { api, unwrap, type Envelope } from '../../../api/client';
import { accountsQueries } from './accounts-queries';
import type { SignupBody } from '../../../api/account-types';

export const SIGNUP_ERROR = 'Ocurrió un error durante el registro.';
export const VERIFY_ERROR = 'Ocurrió un error desconocido.';

/** The envelope's message of a successful answer (unwrap has already thrown on a failed one). */
export function messageOf<E extends Envelope>(result: { data?: E; error?: unknown; response: Response }, fallback: string) {
  unwrap(result, fallback);
  return result.data?.message ?? '';
}

export async function postSignup(body: SignupBody): Promise<string> {
  return messageOf(await api.POST('/api/auth/signup', { body }), SIGNUP_ERROR);
}

export async function getVerifyEmail(token: string): Promise<string> {
  return messageOf(await api.GET('/api/auth/verifyEmail', { params: { query: { token } } }), VERIFY_ERROR);
}

export const RESEND_ERROR = 'No pudimos reenviar el correo. Inténtalo de nuevo en unos minutos.';

/** `redirect`: where the new link brings the person back to after login (a path of this site). */
export async function postResendVerification({ email, redirect }: { email: string; redirect?: string }): Promise<string> {
  const body = redirect ? { email, redirect } : { email };
  return messageOf(await api.POST('/api/auth/resendVerification', { body }), RESEND_ERROR);
}

export const accountMutations = {
  signup: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'signup'], mutationFn: postSignup }),
  verifyEmail: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'verifyEmail'], mutationFn: getVerifyEmail }),
  resendVerification: () => mutationOptions({ mutationKey: [...accountsQueries.all(), 'resendVerification'], mutationFn: postResendVerification }),
};
