// The payment slice: a payment's state as a fold of its stream, and the decisions to confirm or reverse it
// together with what it grants (the learner's role or entitlement), written in one transaction, behind one decider.
import { PRODUCTS, type ProductId } from '../../course/products';
import { learnerStreamId, RoleGranted, RoleRevoked } from '../accounts/accounts.events';
import { ConflictError } from '../errors';
import { deterministicUuid } from '../store/ids';
import type { StreamEvents } from '../store/command';
import type { StreamWrite } from '../store/event-store';
import type { NewEvent, RecordedEvent } from '../store/types';
import { EntitlementGranted, EntitlementRevoked, PaymentConfirmed, PaymentReversed, paymentStreamId } from './payments.events';

export interface PaymentState {
  confirmed?: { userId: string; productId: ProductId; source: 'confirm' | 'webhook' };
  reversed: boolean;
}

export const initialPayment: PaymentState = { reversed: false };

export function evolvePayment(state: PaymentState, event: RecordedEvent): PaymentState {
  if (PaymentConfirmed.is(event)) return { ...state, confirmed: { userId: event.data.userId, productId: event.data.productId, source: event.data.source } };
  if (PaymentReversed.is(event)) return { ...state, reversed: true };
  return state;
}

export const paymentFold = { initial: initialPayment, evolve: evolvePayment };

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
export function confirmEvents(payment: VerifiedPayment, userId: string, source: 'confirm' | 'webhook'): [StreamEvents, StreamEvents] {
  const grants = PRODUCTS[payment.productId].grants;
  const grant =
    'role' in grants
      ? RoleGranted.create({ userId, role: grants.role, by: `payment:${payment.id}` }, { eventId: eventId(payment.id, 'grant') })
      : EntitlementGranted.create({ userId, productId: payment.productId, paymentId: payment.id }, { eventId: eventId(payment.id, 'grant') });
  const confirmed = PaymentConfirmed.create(
    { paymentId: payment.id, provider: 'mercadopago', productId: payment.productId, userId, amount: payment.amount, currency: payment.currency, source },
    { eventId: eventId(payment.id, 'confirmed') },
  );
  return [
    { streamId: paymentStreamId(payment.id), events: [confirmed] },
    { streamId: learnerStreamId(userId), events: [grant] },
  ];
}

/** A first claim of a payment as writes with their versions (the payment's stream is new), for an import. */
export function confirmWrites(payment: VerifiedPayment, userId: string, source: 'confirm' | 'webhook'): StreamWrite[] {
  const [claim, grant] = confirmEvents(payment, userId, source);
  return [
    { ...claim, expectedVersion: 0 },
    { ...grant, expectedVersion: 'any' },
  ];
}

export type ReversalStatus = 'refunded' | 'charged_back' | 'cancelled';

/** A confirmed payment refunded or charged back: the reversal and the revocation, once. */
export function reverseEvents(state: PaymentState, paymentId: string, status: ReversalStatus): StreamEvents[] {
  const claim = state.confirmed;
  if (!claim || state.reversed) return [];
  const grants = PRODUCTS[claim.productId].grants;
  const revoke: NewEvent =
    'role' in grants
      ? RoleRevoked.create({ userId: claim.userId, role: grants.role, by: `payment:${paymentId}:${status}` }, { eventId: eventId(paymentId, 'revoke') })
      : EntitlementRevoked.create({ userId: claim.userId, productId: claim.productId, paymentId }, { eventId: eventId(paymentId, 'revoke') });
  return [
    {
      streamId: paymentStreamId(paymentId),
      events: [PaymentReversed.create({ paymentId, productId: claim.productId, userId: claim.userId, status }, { eventId: eventId(paymentId, 'reversed') })],
    },
    { streamId: learnerStreamId(claim.userId), events: [revoke] },
  ];
}

/** A browser confirmation of a payment someone already claimed: fine only as the first word of the buyer after the provider's. */
export function assertClaimable(state: PaymentState, userId: string): 'new' | 'already-granted' {
  if (!state.confirmed) return 'new';
  if (state.confirmed.userId === userId && state.confirmed.source === 'webhook' && !state.reversed) return 'already-granted';
  throw new ConflictError(PAYMENT_ALREADY_USED);
}

export type PaymentsCommand =
  | { type: 'ConfirmPayment'; payment: VerifiedPayment; userId: string; source: 'confirm' | 'webhook' }
  | { type: 'ReversePayment'; paymentId: string; status: ReversalStatus };

/** Decided on the payment's stream; what it grants or takes back goes to the buyer's stream with it. */
export function decidePayments(command: PaymentsCommand, state: PaymentState): StreamEvents[] {
  switch (command.type) {
    case 'ConfirmPayment':
      // Already claimed: nothing more for its buyer after the provider's word, a 409 for anyone else.
      return assertClaimable(state, command.userId) === 'new' ? confirmEvents(command.payment, command.userId, command.source) : [];
    case 'ReversePayment':
      return reverseEvents(state, command.paymentId, command.status);
    default: {
      const _never: never = command;
      throw new Error(`unknown payments command: ${JSON.stringify(_never)}`);
    }
  }
}
