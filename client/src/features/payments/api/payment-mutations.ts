// The buyer's two calls. POST /api/checkout starts a purchase on the server (the catalogue's price, the buyer: the
// signed-in account or a guest's e-mail) and answers where to pay. POST /api/payment/confirm checks the payment with
// Mercado Pago and grants it to its purchase's buyer: the account as it is now, or a guest's download link; a
// payment that names no purchase of ours is held for the coach (202).
import { mutationOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { lightApi } from '../../../api/light-client';
import type { paths } from '../../../api/schema';

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Confirm = paths['/api/payment/confirm']['post'];

export type CheckoutBody = JsonBody<paths['/api/checkout']['post']>;
export type ConfirmPaymentBody = JsonBody<Confirm>;
/** A granted payment: what was bought, where it lives, and the account (signed-in buyer) or the download (guest). */
export type Granted = Extract<Confirm['responses'][200]['content']['application/json']['data'], { landing: string }>;
export type Confirmation = { held: false; granted: Granted } | { held: true; message: string };

/** The payment outcomes as the buyer reads them, fixed texts. */
export const PAYMENT_INVALID = 'Los datos de pago son inválidos o el pago fue rechazado. Si crees que es un error, contacta a soporte.';
export const PAYMENT_ERROR = 'Ocurrió un error al verificar tu pago. Por favor, contacta a soporte.';
export const PAYMENT_SUCCESS = '¡Pago exitoso! Tu acceso ha sido activado.';
export const CHECKOUT_ERROR = 'No pudimos abrir el pago en este momento. Inténtalo de nuevo en unos minutos.';

/**
 * Where to pay (Mercado Pago's checkout page for this purchase). Through the light client: the sales pages that
 * sell load neither the query library nor openapi-fetch.
 */
export async function startCheckout(body: CheckoutBody): Promise<string> {
  return unwrap(await lightApi.POST('/api/checkout', { body }), CHECKOUT_ERROR).initPoint;
}

export async function confirmPayment(body: ConfirmPaymentBody): Promise<Confirmation> {
  const result = await api.POST('/api/payment/confirm', { body });
  const data = unwrap(result, PAYMENT_ERROR);
  if ('held' in data) {
    // Paid, but held for the coach: said with the server's own words.
    const message = result.data?.message;
    if (!message) throw new ApiError(PAYMENT_ERROR, result.response.status);
    return { held: true, message };
  }
  return { held: false, granted: data };
}

export const paymentMutations = {
  confirm: () => mutationOptions({ mutationKey: ['payment', 'confirm'], mutationFn: confirmPayment }),
};
