// The payment slice. A purchase is a checkout started for one buyer (purchase-{id}); a payment (payment-{id}) that
// names it through external_reference grants to that buyer only, once, whoever tells us about it first (the buyer's
// browser or the provider's webhook). A payment that names no purchase of ours is held until the coach assigns it.
// What a payment grants is one source of the learner's access (role-sources.ts): a refund or charge-back takes back
// that source, and the access stays while another payment or a grant by hand still gives it.
import { PRODUCTS, type ProductId } from '../../course/products';
import { learnerStreamId, RoleGranted, RoleRevoked } from '../accounts/accounts.events';
import { paymentReversalBy } from '../accounts/role-sources';
import { ConflictError, ForbiddenError } from '../errors';
import { deterministicUuid } from '../store/ids';
import type { StreamEvents } from '../store/command';
import type { StreamWrite } from '../store/event-store';
import type { NewEvent, RecordedEvent } from '../store/types';
import {
  CheckoutStarted,
  EntitlementGranted,
  EntitlementRevoked,
  PaymentConfirmed,
  PaymentHeld,
  PaymentReversed,
  paymentStreamId,
  purchaseStreamId,
} from './payments.events';

/** A checkout as its stream tells it: who buys what at which price. */
export interface Purchase {
  purchaseId: string;
  productId: ProductId;
  amount: number;
  currency: string;
  /** The buyer's account; absent for a guest. */
  userId?: string;
  /** A guest's address. */
  email?: string;
}

export interface PurchaseState {
  started?: Purchase;
}

export const purchaseFold = {
  initial: {} as PurchaseState,
  evolve(state: PurchaseState, event: RecordedEvent): PurchaseState {
    if (!CheckoutStarted.is(event)) return state;
    const { purchaseId, productId, amount, currency, userId, email } = event.data;
    return { started: { purchaseId, productId, amount, currency, ...(userId ? { userId } : {}), ...(email ? { email } : {}) } };
  },
};

export interface PaymentState {
  /** Granted: to an account (userId), to a guest's purchase (purchaseId only), or both. */
  confirmed?: { userId?: string; purchaseId?: string; productId: ProductId; source: 'confirm' | 'webhook' | 'coach' };
  /** Approved but belonging to no purchase of ours: waits for the coach. */
  held?: { productId?: ProductId; amount: number; currency: string };
  reversed: boolean;
}

export const initialPayment: PaymentState = { reversed: false };

export function evolvePayment(state: PaymentState, event: RecordedEvent): PaymentState {
  if (PaymentConfirmed.is(event)) {
    const { userId, purchaseId, productId, source } = event.data;
    return { ...state, confirmed: { productId, source, ...(userId ? { userId } : {}), ...(purchaseId ? { purchaseId } : {}) } };
  }
  if (PaymentHeld.is(event)) {
    const { productId, amount, currency } = event.data;
    return { ...state, held: { amount, currency, ...(productId ? { productId } : {}) } };
  }
  if (PaymentReversed.is(event)) return { ...state, reversed: true };
  return state;
}

export const paymentFold = { initial: initialPayment, evolve: evolvePayment };

export const PAYMENT_ALREADY_USED = 'Este pago ya fue utilizado para activar un acceso.';
export const PAYMENT_NOT_YOURS = 'Este pago pertenece a otra cuenta. Inicia sesión con la cuenta con la que compraste.';
export const PAYMENT_NOT_HELD = 'Este pago no está esperando asignación.';

/** What the provider says about a payment, as far as we rely on it. */
export interface VerifiedPayment {
  id: string;
  productId: ProductId;
  amount: number;
  currency: string;
}

const eventId = (paymentId: string, what: string) => deterministicUuid('payment', paymentId, what);

/** Who the payment grants to: an account, or a guest's purchase (whose access is a download link). */
export type Beneficiary = { userId: string; purchaseId?: string } | { purchaseId: string; userId?: undefined };

/** The payment claimed for its buyer, and its grant in the learner's stream (a guest has none): all or nothing. */
export function confirmEvents(payment: VerifiedPayment, to: Beneficiary, source: 'confirm' | 'webhook' | 'coach'): StreamEvents[] {
  const confirmed = PaymentConfirmed.create(
    {
      paymentId: payment.id,
      provider: 'mercadopago',
      productId: payment.productId,
      ...(to.userId ? { userId: to.userId } : {}),
      ...(to.purchaseId ? { purchaseId: to.purchaseId } : {}),
      amount: payment.amount,
      currency: payment.currency,
      source,
    },
    { eventId: eventId(payment.id, 'confirmed') },
  );
  const writes: StreamEvents[] = [{ streamId: paymentStreamId(payment.id), events: [confirmed] }];
  if (to.userId) {
    const grants = PRODUCTS[payment.productId].grants;
    const grant =
      'role' in grants
        ? RoleGranted.create({ userId: to.userId, role: grants.role, by: `payment:${payment.id}` }, { eventId: eventId(payment.id, 'grant') })
        : EntitlementGranted.create({ userId: to.userId, productId: payment.productId, paymentId: payment.id }, { eventId: eventId(payment.id, 'grant') });
    writes.push({ streamId: learnerStreamId(to.userId), events: [grant] });
  }
  return writes;
}

/** A first claim of a payment as writes with their versions (the payment's stream is new), for an import. */
export function confirmWrites(payment: VerifiedPayment, userId: string, source: 'confirm' | 'webhook'): StreamWrite[] {
  return confirmEvents(payment, { userId }, source).map((w, i) => ({ ...w, expectedVersion: i === 0 ? 0 : 'any' }));
}

export type ReversalStatus = 'refunded' | 'charged_back' | 'cancelled';

/**
 * A payment refunded or charged back: the reversal, and the end of what it granted as one source of the learner's
 * access (their role or entitlement stays while another source grants it), once.
 */
export function reverseEvents(state: PaymentState, paymentId: string, status: ReversalStatus): StreamEvents[] {
  if (state.reversed) return [];
  const claim = state.confirmed;
  const productId = claim?.productId ?? state.held?.productId;
  if (!claim && !state.held) return [];
  const reversed = PaymentReversed.create(
    {
      paymentId,
      ...(productId ? { productId } : {}),
      ...(claim?.userId ? { userId: claim.userId } : {}),
      ...(claim?.purchaseId ? { purchaseId: claim.purchaseId } : {}),
      status,
    },
    { eventId: eventId(paymentId, 'reversed') },
  );
  const writes: StreamEvents[] = [{ streamId: paymentStreamId(paymentId), events: [reversed] }];
  if (claim?.userId) {
    const grants = PRODUCTS[claim.productId].grants;
    const revoke: NewEvent =
      'role' in grants
        ? RoleRevoked.create({ userId: claim.userId, role: grants.role, by: paymentReversalBy(paymentId, status) }, { eventId: eventId(paymentId, 'revoke') })
        : EntitlementRevoked.create({ userId: claim.userId, productId: claim.productId, paymentId }, { eventId: eventId(paymentId, 'revoke') });
    writes.push({ streamId: learnerStreamId(claim.userId), events: [revoke] });
  }
  return writes;
}

/** Who is asking to confirm a payment: a signed-in account, someone holding a guest purchase's reference, or the provider. */
export type Requester = { userId: string } | { guestOf: string } | 'provider';

/**
 * Whether this requester may have the payment of this purchase granted: the provider always (it grants to the
 * buyer, never to itself); an account only for its own purchase; a guest purchase to whoever shows its reference.
 */
export function mayConfirm(purchase: Purchase, requester: Requester): boolean {
  if (requester === 'provider') return true;
  if (purchase.userId) return 'userId' in requester && requester.userId === purchase.userId;
  return 'guestOf' in requester && requester.guestOf === purchase.purchaseId;
}

export type PaymentsCommand =
  | { type: 'ConfirmPayment'; payment: VerifiedPayment; purchase: Purchase; requester: Requester; source: 'confirm' | 'webhook' }
  | { type: 'HoldPayment'; paymentId: string; productId?: ProductId; amount: number; currency: string }
  | { type: 'AssignPayment'; paymentId: string; userId: string; productId: ProductId }
  | { type: 'ReversePayment'; paymentId: string; status: ReversalStatus };

function decideConfirm(command: Extract<PaymentsCommand, { type: 'ConfirmPayment' }>, state: PaymentState): StreamEvents[] {
  const { payment, purchase, requester } = command;
  if (!mayConfirm(purchase, requester)) throw new ForbiddenError(PAYMENT_NOT_YOURS);
  if (state.confirmed) {
    // Granted already to this very purchase (the webhook, the buyer's other tab): nothing more, and welcome.
    if (state.confirmed.purchaseId === purchase.purchaseId && !state.reversed) return [];
    throw new ConflictError(PAYMENT_ALREADY_USED);
  }
  if (state.reversed) throw new ConflictError(PAYMENT_ALREADY_USED);
  const to: Beneficiary = purchase.userId ? { userId: purchase.userId, purchaseId: purchase.purchaseId } : { purchaseId: purchase.purchaseId };
  return confirmEvents(payment, to, command.source);
}

/** Decided on the payment's stream; what it grants or takes back goes to the buyer's stream with it. */
export function decidePayments(command: PaymentsCommand, state: PaymentState): StreamEvents[] {
  switch (command.type) {
    case 'ConfirmPayment':
      return decideConfirm(command, state);
    case 'HoldPayment': {
      if (state.held || state.confirmed || state.reversed) return [];
      const { paymentId, productId, amount, currency } = command;
      const held = PaymentHeld.create(
        { paymentId, provider: 'mercadopago', ...(productId ? { productId } : {}), amount, currency },
        { eventId: eventId(paymentId, 'held') },
      );
      return [{ streamId: paymentStreamId(paymentId), events: [held] }];
    }
    case 'AssignPayment': {
      if (!state.held || state.confirmed || state.reversed) throw new ConflictError(PAYMENT_NOT_HELD);
      const { paymentId, userId, productId } = command;
      return confirmEvents({ id: paymentId, productId, amount: state.held.amount, currency: state.held.currency }, { userId }, 'coach');
    }
    case 'ReversePayment':
      return reverseEvents(state, command.paymentId, command.status);
    default: {
      const _never: never = command;
      throw new Error(`unknown payments command: ${JSON.stringify(_never)}`);
    }
  }
}

/** The event that starts a purchase; its stream is new (the id is fresh), so it is written once. */
export function startCheckout(purchase: Purchase & { preferenceId: string; visitorId?: string }): StreamEvents {
  const { purchaseId, productId, amount, currency, userId, email, preferenceId, visitorId } = purchase;
  return {
    streamId: purchaseStreamId(purchaseId),
    events: [
      CheckoutStarted.create({
        purchaseId,
        productId,
        amount,
        currency,
        ...(userId ? { userId } : {}),
        ...(email ? { email } : {}),
        preferenceId,
        ...(visitorId ? { visitorId } : {}),
      }),
    ],
  };
}
