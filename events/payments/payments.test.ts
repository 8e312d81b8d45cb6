import { describe, expect, it } from 'vitest';
import { PREMIUM_ROLE } from '../../course/rules';
import { recorded } from '../../tests/setup/recorded';
import { learnerStreamId } from '../accounts/accounts.events';
import { ConflictError } from '../errors';
import { createCatalog } from '../registry';
import type { StreamEvents } from '../store/command';
import { decidePayments, evolvePayment, initialPayment, PAYMENT_ALREADY_USED, type PaymentsCommand, type PaymentState, type VerifiedPayment } from './payments';
import { paymentStreamId } from './payments.events';

const buyer = '00000000-0000-4000-8000-00000000b001';
const other = '00000000-0000-4000-8000-00000000b002';
const course: VerifiedPayment = { id: '1000000001', productId: 'manifiesta-curso-completo', amount: 270, currency: 'USD' };
const ebook: VerifiedPayment = { id: '1000000002', productId: 'afirmaciones-ebook', amount: 3, currency: 'USD' };
const confirm = (payment: VerifiedPayment, userId = buyer, source: 'confirm' | 'webhook' = 'confirm'): PaymentsCommand => ({
  type: 'ConfirmPayment',
  payment,
  userId,
  source,
});
const reverse = (payment: VerifiedPayment, status: 'refunded' | 'charged_back' = 'refunded'): PaymentsCommand => ({
  type: 'ReversePayment',
  paymentId: payment.id,
  status,
});

/** The payment's own stream after these writes, as the store would record it. */
const after = (state: PaymentState, writes: StreamEvents[], payment: VerifiedPayment) =>
  writes
    .filter((w) => w.streamId === paymentStreamId(payment.id))
    .flatMap((w) => w.events.map((e) => recorded(e.type, e.data, { streamId: w.streamId })))
    .reduce(evolvePayment, state);
const summary = (writes: StreamEvents[]) => writes.map((w) => [w.streamId, w.events.map((e) => [e.type, e.data])]);

const catalog = createCatalog();
const expectStorable = (writes: StreamEvents[]) => {
  for (const e of writes.flatMap((w) => w.events)) expect(() => catalog.validate(e)).not.toThrow();
};

describe('the payment fold', () => {
  it('remembers who claimed the payment, for what, first told by whom, and whether it was reversed', () => {
    const state = [
      recorded('PaymentConfirmed', {
        paymentId: course.id,
        provider: 'mercadopago',
        productId: course.productId,
        userId: buyer,
        amount: 270,
        currency: 'USD',
        source: 'webhook',
      }),
      recorded('PaymentReversed', { paymentId: course.id, productId: course.productId, userId: buyer, status: 'refunded' }),
    ].reduce(evolvePayment, initialPayment);
    expect(state).toEqual({ confirmed: { userId: buyer, productId: course.productId, source: 'webhook' }, reversed: true });
  });
});

describe('decidePayments', () => {
  it('a course payment claims the payment and makes its buyer premium, in their own stream', () => {
    const writes = decidePayments(confirm(course), initialPayment);
    expect(summary(writes)).toEqual([
      [
        paymentStreamId(course.id),
        [
          [
            'PaymentConfirmed',
            { paymentId: course.id, provider: 'mercadopago', productId: course.productId, userId: buyer, amount: 270, currency: 'USD', source: 'confirm' },
          ],
        ],
      ],
      [learnerStreamId(buyer), [['RoleGranted', { userId: buyer, role: PREMIUM_ROLE, by: `payment:${course.id}` }]]],
    ]);
    expectStorable(writes);
  });

  it('an ebook payment grants the ebook, not a role', () => {
    const [, grant] = decidePayments(confirm(ebook), initialPayment);
    expect(grant!.events.map((e) => [e.type, e.data])).toEqual([
      ['EntitlementGranted', { userId: buyer, productId: 'afirmaciones-ebook', paymentId: ebook.id }],
    ]);
  });

  it('the event ids are the payment’s: two decisions on one payment can only be written once', () => {
    const ids = (writes: StreamEvents[]) => writes.flatMap((w) => w.events.map((e) => e.eventId));
    expect(ids(decidePayments(confirm(course, other), initialPayment))).toEqual(ids(decidePayments(confirm(course), initialPayment)));
  });

  it('a payment already claimed grants nothing more: another account, or the buyer’s browser again, is told it was used', () => {
    const claimed = after(initialPayment, decidePayments(confirm(course), initialPayment), course);
    expect(() => decidePayments(confirm(course, other), claimed)).toThrow(new ConflictError(PAYMENT_ALREADY_USED));
    expect(() => decidePayments(confirm(course), claimed)).toThrow(ConflictError);
  });

  it('after the provider’s webhook granted it, the buyer’s own confirmation is welcome and records nothing', () => {
    const byWebhook = after(initialPayment, decidePayments(confirm(course, buyer, 'webhook'), initialPayment), course);
    expect(decidePayments(confirm(course), byWebhook)).toEqual([]);
    expect(() => decidePayments(confirm(course, other), byWebhook)).toThrow(ConflictError);
  });

  it('a refund takes back what the payment granted, once; a reversed payment cannot be claimed again', () => {
    const claimed = after(initialPayment, decidePayments(confirm(course), initialPayment), course);
    const writes = decidePayments(reverse(course), claimed);
    expect(summary(writes)).toEqual([
      [paymentStreamId(course.id), [['PaymentReversed', { paymentId: course.id, productId: course.productId, userId: buyer, status: 'refunded' }]]],
      [learnerStreamId(buyer), [['RoleRevoked', { userId: buyer, role: PREMIUM_ROLE, by: `payment:${course.id}:refunded` }]]],
    ]);
    expectStorable(writes);
    const reversed = after(claimed, writes, course);
    expect(decidePayments(reverse(course), reversed)).toEqual([]);
    expect(() => decidePayments(confirm(course), reversed)).toThrow(ConflictError);
  });

  it('a charge-back of the ebook revokes the entitlement; a payment never claimed has nothing to take back', () => {
    const claimed = after(initialPayment, decidePayments(confirm(ebook), initialPayment), ebook);
    expect(decidePayments(reverse(ebook, 'charged_back'), claimed)[1]!.events.map((e) => e.type)).toEqual(['EntitlementRevoked']);
    expect(decidePayments(reverse(ebook), initialPayment)).toEqual([]);
  });
});
