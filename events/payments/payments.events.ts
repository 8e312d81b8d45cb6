// Payments verified with the provider, and what they grant. A payment's own stream (payment-{id}) makes
// one payment id grant once, to one account: its first event can only be written once.
import { z } from 'zod';
import { PRODUCT_IDS } from '../../course/products';
import { defineEvent } from '../store/catalog';

export const PAYMENT_PROVIDERS = ['mercadopago'] as const;
const productId = z.enum(PRODUCT_IDS);
const paymentId = z.string().regex(/^\d{1,20}$/);

export const PaymentConfirmed = defineEvent(
  'PaymentConfirmed',
  1,
  z.strictObject({
    paymentId,
    provider: z.enum(PAYMENT_PROVIDERS),
    productId,
    userId: z.uuid(),
    amount: z.number().nonnegative(),
    currency: z.string().length(3),
    /** Who told us first: the buyer's browser (confirm) or the provider (webhook). */
    source: z.enum(['confirm', 'webhook']),
  }),
);

/** Refunded or charged back: what the payment granted is taken back. */
export const PaymentReversed = defineEvent(
  'PaymentReversed',
  1,
  z.strictObject({ paymentId, productId, userId: z.uuid(), status: z.enum(['refunded', 'charged_back', 'cancelled']) }),
);

/** Access to a product that is not a role (the ebook), in the learner's stream. */
export const EntitlementGranted = defineEvent('EntitlementGranted', 1, z.strictObject({ userId: z.uuid(), productId, paymentId }));
export const EntitlementRevoked = defineEvent('EntitlementRevoked', 1, z.strictObject({ userId: z.uuid(), productId, paymentId }));

export const paymentEvents = [PaymentConfirmed, PaymentReversed, EntitlementGranted, EntitlementRevoked] as const;
export const paymentStreamId = (id: string) => `payment-${id}`;
