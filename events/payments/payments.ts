// The payment slice: a payment's state as a fold of its stream, and the decisions to confirm or reverse it
// together with what it grants (the learner's role or entitlement), written in one transaction.
import { PRODUCTS, type ProductId } from '../../course/products';
import { learnerStreamId, RoleGranted, RoleRevoked } from '../accounts/accounts.events';
import { ConflictError } from '../errors';
import { deterministicUuid } from '../store/ids';
import type { StreamWrite } from '../store/event-store';
import type { RecordedEvent } from '../store/types';
import { EntitlementGranted, EntitlementRevoked, PaymentConfirmed, PaymentReversed, paymentStreamId } from './payments.events';

export interface PaymentState {
  confirmed?: { userId: string; productId: ProductId; source: 'confirm' | 'webhook' };
  reversed: boolean;
  version: number;
}

export const initialPayment: PaymentState = { reversed: false, version: 0 };

export function evolvePayment(state: PaymentState, event: RecordedEvent): PaymentState {
  const version = event.streamPosition;
  if (PaymentConfirmed.is(event)) return { ...state, version, confirmed: { userId: event.data.userId, productId: event.data.productId, source: event.data.source } };
  if (PaymentReversed.is(event)) return { ...state, version, reversed: true };
  return { ...state, version };
}

export const PAYMENT_ALREADY_USED = 'Este pago ya fue utilizado para activar un acceso.';

/** What the provider says about a payment, as far as we rely on it. */
export interface VerifiedPayment {
  id: string;
  productId: ProductId;
  amount: number;
  currency: string;
}

const eventId = (paymentId: string, what: string) => deterministicUuid('payment', paymentId, what);

/** The payment claimed for this user, and its grant in the learner's stream: both or neither. */
export function confirmWrites(payment: VerifiedPayment, userId: string, source: 'confirm' | 'webhook'): StreamWrite[] {
  const grants = PRODUCTS[payment.productId].grants;
  const grant =
    'role' in grants
      ? RoleGranted.create({ userId, role: grants.role, by: `payment:${payment.id}` }, { eventId: eventId(payment.id, 'grant') })
      : EntitlementGranted.create({ userId, productId: payment.productId, paymentId: payment.id }, { eventId: eventId(payment.id, 'grant') });
  return [
    {
      streamId: paymentStreamId(payment.id),
      expectedVersion: 0,
      events: [
        PaymentConfirmed.create(
          { paymentId: payment.id, provider: 'mercadopago', productId: payment.productId, userId, amount: payment.amount, currency: payment.currency, source },
          { eventId: eventId(payment.id, 'confirmed') },
        ),
      ],
    },
    { streamId: learnerStreamId(userId), expectedVersion: 'any', events: [grant] },
  ];
}

/** A confirmed payment refunded or charged back: the reversal and the revocation, once. */
export function reverseWrites(state: PaymentState, paymentId: string, status: 'refunded' | 'charged_back' | 'cancelled'): StreamWrite[] {
  const claim = state.confirmed;
  if (!claim || state.reversed) return [];
  const grants = PRODUCTS[claim.productId].grants;
  const revoke =
    'role' in grants
      ? RoleRevoked.create({ userId: claim.userId, role: grants.role, by: `payment:${paymentId}:${status}` }, { eventId: eventId(paymentId, 'revoke') })
      : EntitlementRevoked.create({ userId: claim.userId, productId: claim.productId, paymentId }, { eventId: eventId(paymentId, 'revoke') });
  return [
    {
      streamId: paymentStreamId(paymentId),
      expectedVersion: state.version,
      events: [PaymentReversed.create({ paymentId, productId: claim.productId, userId: claim.userId, status }, { eventId: eventId(paymentId, 'reversed') })],
    },
    { streamId: learnerStreamId(claim.userId), expectedVersion: 'any', events: [revoke] },
  ];
}

/** A browser confirmation of a payment someone already claimed: fine only as the first word of the buyer after the provider's. */
export function assertClaimable(state: PaymentState, userId: string): 'new' | 'already-granted' {
  if (!state.confirmed) return 'new';
  if (state.confirmed.userId === userId && state.confirmed.source === 'webhook' && !state.reversed) return 'already-granted';
  throw new ConflictError(PAYMENT_ALREADY_USED);
}
