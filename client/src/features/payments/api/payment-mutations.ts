// POST /api/payment/confirm: the server checks the payment with Mercado Pago and answers
// with the account as it is now (premium role or new entitlement included).
import { mutationOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';
import type { User } from '../../../api/account-types';

export type ConfirmPaymentBody = paths['/api/payment/confirm']['post']['requestBody']['content']['application/json'];

/** The payment outcomes as the buyer reads them, fixed texts. */
export const PAYMENT_INVALID = 'Los datos de pago son inválidos o el pago fue rechazado. Si crees que es un error, contacta a soporte.';
export const PAYMENT_ERROR = 'Ocurrió un error al verificar tu pago. Por favor, contacta a soporte.';
export const PAYMENT_SUCCESS = '¡Pago exitoso! Tu acceso ha sido activado.';

export async function confirmPayment(body: ConfirmPaymentBody): Promise<User> {
  return unwrap(await api.POST('/api/payment/confirm', { body }), PAYMENT_ERROR).user;
}

export const paymentMutations = {
  confirm: () => mutationOptions({ mutationKey: ['payment', 'confirm'], mutationFn: confirmPayment }),
};
