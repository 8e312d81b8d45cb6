// Purchases and payments. A purchase (purchase-{id}) is a checkout our server started for one buyer — an account,
// or a guest's e-mail — at the catalogue's price; its id travels to Mercado Pago as external_reference. A payment's
// own stream (payment-{id}) makes one payment grant once, to the buyer of its purchase: its first event can only be
// written once.
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../course/contact';
import { PRODUCT_IDS } from '../../course/products';
import { defineEvent } from '../store/catalog';
import { leadSubject, userSubject } from '../store/sealing';

export const PAYMENT_PROVIDERS = ['mercadopago'] as const;
const productId = z.enum(PRODUCT_IDS);
export const PaymentIdSchema = z.string().regex(/^\d{1,20}$/);
const paymentId = PaymentIdSchema;
const amount = z.number().nonnegative();
const currency = z.string().length(3);

/**
 * A checkout created on the server: who buys (an account, or a guest's address), what, at which price, and the
 * provider's preference the buyer was sent to. `visitorId` links it to the funnel (the pages the buyer came from).
 */
export const CheckoutStarted = defineEvent(
  'CheckoutStarted',
  1,
  z.strictObject({
    purchaseId: z.uuid(),
    productId,
    amount,
    currency,
    userId: z.uuid().optional(),
    email: z.string().max(MAX_EMAIL).regex(EMAIL_PATTERN).optional(),
    preferenceId: z.string().min(1).max(200),
    visitorId: z.uuid().optional(),
  }),
  // Only a guest's purchase holds an address: it is the guest's, as a lead's address is (forgetting it forgets this).
  { personal: { subject: (d) => (d.email ? leadSubject(d.email) : userSubject(d.userId ?? d.purchaseId)), fields: ['email'] } },
);

export const PaymentConfirmed = defineEvent(
  'PaymentConfirmed',
  1,
  z.strictObject({
    paymentId,
    provider: z.enum(PAYMENT_PROVIDERS),
    productId,
    /** The account it grants to; absent for a guest's purchase (whose access is its download link). */
    userId: z.uuid().optional(),
    /** The purchase it pays (absent for payments confirmed before checkouts were created on the server). */
    purchaseId: z.uuid().optional(),
    amount,
    currency,
    /** Who told us first: the buyer's browser (confirm), the provider (webhook), or the coach assigning it (coach). */
    source: z.enum(['confirm', 'webhook', 'coach']),
  }),
);

/**
 * An approved payment that belongs to no purchase of ours (made outside our checkout, or with a reference we do
 * not know): nobody gets anything until the coach assigns it to an account in the sales ledger.
 */
export const PaymentHeld = defineEvent(
  'PaymentHeld',
  1,
  z.strictObject({
    paymentId,
    provider: z.enum(PAYMENT_PROVIDERS),
    /** The product when the payment names one of the catalogue (the old fixed checkout links did). */
    productId: productId.optional(),
    amount,
    currency,
  }),
);

/** Refunded or charged back: what the payment granted is taken back (unless something else grants it too). */
export const PaymentReversed = defineEvent(
  'PaymentReversed',
  1,
  z.strictObject({
    paymentId,
    /** Absent for a held payment that named no product of ours. */
    productId: productId.optional(),
    userId: z.uuid().optional(),
    purchaseId: z.uuid().optional(),
    status: z.enum(['refunded', 'charged_back', 'cancelled']),
  }),
);

/** Access to a product that is not a role (the ebook), in the learner's stream; one payment is one source of it. */
export const EntitlementGranted = defineEvent('EntitlementGranted', 1, z.strictObject({ userId: z.uuid(), productId, paymentId }));
export const EntitlementRevoked = defineEvent('EntitlementRevoked', 1, z.strictObject({ userId: z.uuid(), productId, paymentId }));

export const paymentEvents = [CheckoutStarted, PaymentConfirmed, PaymentHeld, PaymentReversed, EntitlementGranted, EntitlementRevoked] as const;
export const paymentStreamId = (id: string) => `payment-${id}`;
export const purchaseStreamId = (id: string) => `purchase-${id}`;
