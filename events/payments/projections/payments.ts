// Inline read models: each verified payment, and each learner's entitlements (products that are not a role).
import { rowProjection } from '../../store/projection';
import { EntitlementGranted, EntitlementRevoked, PaymentConfirmed, PaymentReversed } from '../payments.events';

export interface PaymentRow {
  [column: string]: string | number | null;
  payment_id: string;
  product_id: string;
  user_id: string;
  amount: number;
  currency: string;
  source: string;
  status: string;
  confirmed_at: string;
  reversed_at: string | null;
}

export const paymentsProjection = rowProjection<PaymentRow>({
  name: 'payments',
  mode: 'inline',
  table: 'payments',
  keyColumns: ['payment_id'],
  eventTypes: [PaymentConfirmed.type, PaymentReversed.type],
  key: (e) => (PaymentConfirmed.is(e) || PaymentReversed.is(e) ? { payment_id: e.data.paymentId } : undefined),
  evolve: (row, e) => {
    if (PaymentConfirmed.is(e)) {
      const d = e.data;
      return {
        payment_id: d.paymentId,
        product_id: d.productId,
        user_id: d.userId,
        amount: d.amount,
        currency: d.currency,
        source: d.source,
        status: 'approved',
        confirmed_at: e.recordedAt.toISOString(),
        reversed_at: null,
      };
    }
    if (PaymentReversed.is(e) && row) return { ...row, status: e.data.status, reversed_at: e.recordedAt.toISOString() };
    return row ?? null;
  },
});

export interface EntitlementRow {
  [column: string]: string;
  user_id: string;
  product_id: string;
  payment_id: string;
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
    if (EntitlementGranted.is(e))
      return { user_id: e.data.userId, product_id: e.data.productId, payment_id: e.data.paymentId, granted_at: e.recordedAt.toISOString() };
    // Only the payment that granted it takes it back.
    if (EntitlementRevoked.is(e)) return row && row.payment_id !== e.data.paymentId ? row : null;
    return row ?? null;
  },
});
