// Inline read models: each checkout (purchase), each payment we know of, and each learner's entitlements (products
// that are not a role), held while a payment grants them.
import { rowProjection } from '../../store/projection';
import { CheckoutStarted, EntitlementGranted, EntitlementRevoked, PaymentConfirmed, PaymentHeld, PaymentReversed } from '../payments.events';

export interface PurchaseRow {
  [column: string]: string | number | null;
  purchase_id: string;
  product_id: string;
  amount: number;
  currency: string;
  user_id: string | null;
  email: string | null;
  /** A guest's address's subject (`lead:<keyed hash>`), so forgetting the address finds the row. */
  subject: string | null;
  visitor_id: string | null;
  preference_id: string;
  started_at: string;
}

export const purchasesProjection = rowProjection<PurchaseRow>({
  name: 'purchases',
  mode: 'inline',
  table: 'purchases',
  keyColumns: ['purchase_id'],
  eventTypes: [CheckoutStarted.type],
  key: (e) => (CheckoutStarted.is(e) ? { purchase_id: e.data.purchaseId } : undefined),
  evolve: (row, e) => {
    if (!CheckoutStarted.is(e)) return row ?? null;
    const d = e.data;
    return {
      purchase_id: d.purchaseId,
      product_id: d.productId,
      amount: d.amount,
      currency: d.currency,
      user_id: d.userId ?? null,
      email: d.email ?? null,
      subject: d.email ? (e.metadata.sealedFor ?? null) : null,
      visitor_id: d.visitorId ?? null,
      preference_id: d.preferenceId,
      started_at: e.recordedAt.toISOString(),
    };
  },
});

export interface PaymentRow {
  [column: string]: string | number | null;
  payment_id: string;
  product_id: string;
  user_id: string | null;
  purchase_id: string | null;
  amount: number;
  currency: string;
  source: string;
  /** approved, held (no purchase of ours: the coach assigns it), refunded, charged_back, cancelled. */
  status: string;
  confirmed_at: string;
  reversed_at: string | null;
}

export const paymentsProjection = rowProjection<PaymentRow>({
  name: 'payments',
  mode: 'inline',
  table: 'payments',
  keyColumns: ['payment_id'],
  eventTypes: [PaymentHeld.type, PaymentConfirmed.type, PaymentReversed.type],
  key: (e) => (PaymentConfirmed.is(e) || PaymentReversed.is(e) || PaymentHeld.is(e) ? { payment_id: e.data.paymentId } : undefined),
  evolve: (row, e) => {
    if (PaymentHeld.is(e)) {
      const d = e.data;
      return {
        payment_id: d.paymentId,
        product_id: d.productId ?? '',
        user_id: null,
        purchase_id: null,
        amount: d.amount,
        currency: d.currency,
        source: 'held',
        status: 'held',
        confirmed_at: e.recordedAt.toISOString(),
        reversed_at: null,
      };
    }
    if (PaymentConfirmed.is(e)) {
      const d = e.data;
      return {
        payment_id: d.paymentId,
        product_id: d.productId,
        user_id: d.userId ?? null,
        purchase_id: d.purchaseId ?? null,
        amount: d.amount,
        currency: d.currency,
        source: d.source,
        status: 'approved',
        // When the payment reached us: a held payment assigned later keeps the day it was paid.
        confirmed_at: row?.confirmed_at ?? e.recordedAt.toISOString(),
        reversed_at: null,
      };
    }
    if (PaymentReversed.is(e) && row) return { ...row, status: e.data.status, reversed_at: e.recordedAt.toISOString() };
    return row ?? null;
  },
});

export interface EntitlementRow {
  [column: string]: string | string[];
  user_id: string;
  product_id: string;
  /** The payment that granted it first. */
  payment_id: string;
  /** Every payment granting it now: the entitlement goes with the last of them. */
  sources: string[];
  granted_at: string;
}

export const entitlementsProjection = rowProjection<EntitlementRow>({
  name: 'entitlements',
  mode: 'inline',
  table: 'entitlements',
  keyColumns: ['user_id', 'product_id'],
  eventTypes: [EntitlementGranted.type, EntitlementRevoked.type],
  key: (e) => (EntitlementGranted.is(e) || EntitlementRevoked.is(e) ? { user_id: e.data.userId, product_id: e.data.productId } : undefined),
  evolve: (row, e) => {
    if (EntitlementGranted.is(e)) {
      if (row) return row.sources.includes(e.data.paymentId) ? row : { ...row, sources: [...row.sources, e.data.paymentId] };
      return {
        user_id: e.data.userId,
        product_id: e.data.productId,
        payment_id: e.data.paymentId,
        sources: [e.data.paymentId],
        granted_at: e.recordedAt.toISOString(),
      };
    }
    if (EntitlementRevoked.is(e)) {
      if (!row) return null;
      const sources = row.sources.filter((s) => s !== e.data.paymentId);
      return sources.length > 0 ? { ...row, sources } : null;
    }
    return row ?? null;
  },
});
