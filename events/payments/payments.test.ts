import { describe, expect, it } from 'vitest';
import { PREMIUM_ROLE } from '../../course/rules';
import { recorded } from '../../tests/setup/recorded';
import { learnerStreamId, RoleGranted } from '../accounts/accounts.events';
import { applyRoleEvent, rolesOf, type RoleSources } from '../accounts/role-sources';
import { ConflictError, ForbiddenError } from '../errors';
import { createCatalog } from '../registry';
import type { StreamEvents } from '../store/command';
import {
  decidePayments,
  evolvePayment,
  initialPayment,
  mayConfirm,
  PAYMENT_ALREADY_USED,
  PAYMENT_NOT_YOURS,
  type PaymentsCommand,
  type PaymentState,
  type Purchase,
  type Requester,
  type VerifiedPayment,
} from './payments';
import { paymentStreamId } from './payments.events';

const alice = '00000000-0000-4000-8000-00000000b001';
const bob = '00000000-0000-4000-8000-00000000b002';
const course: VerifiedPayment = { id: '1000000001', productId: 'manifiesta-curso-completo', amount: 270, currency: 'USD' };
const course2: VerifiedPayment = { id: '1000000003', productId: 'manifiesta-curso-completo', amount: 270, currency: 'USD' };
const ebook: VerifiedPayment = { id: '1000000002', productId: 'afirmaciones-ebook', amount: 3, currency: 'USD' };
const alicesCourse: Purchase = {
  purchaseId: '11111111-1111-4111-8111-111111111111',
  productId: 'manifiesta-curso-completo',
  amount: 270,
  currency: 'USD',
  userId: alice,
};
const guestEbook: Purchase = {
  purchaseId: '22222222-2222-4222-8222-222222222222',
  productId: 'afirmaciones-ebook',
  amount: 3,
  currency: 'USD',
  email: 'lu@example.com',
};

const confirm = (
  payment: VerifiedPayment,
  purchase = alicesCourse,
  requester: Requester = { userId: alice },
  source: 'confirm' | 'webhook' = 'confirm',
): PaymentsCommand => ({
  type: 'ConfirmPayment',
  payment,
  purchase,
  requester,
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
/** The learner's role sources after these writes. */
const learnerAfter = (sources: RoleSources, writes: StreamEvents[]) =>
  writes
    .filter((w) => w.streamId.startsWith('learner-'))
    .flatMap((w) => w.events.map((e) => recorded(e.type, e.data)))
    .reduce(applyRoleEvent, sources);

const catalog = createCatalog();
const expectStorable = (writes: StreamEvents[]) => {
  for (const e of writes.flatMap((w) => w.events)) expect(() => catalog.validate(e)).not.toThrow();
};

describe('who may confirm a purchase’s payment', () => {
  it('an account’s purchase: only that account (or the provider, who grants to the buyer)', () => {
    expect(mayConfirm(alicesCourse, { userId: alice })).toBe(true);
    expect(mayConfirm(alicesCourse, { userId: bob })).toBe(false);
    expect(mayConfirm(alicesCourse, { guestOf: alicesCourse.purchaseId })).toBe(false);
    expect(mayConfirm(alicesCourse, 'provider')).toBe(true);
  });

  it('a guest’s purchase: whoever shows its reference, which the checkout’s return address carries', () => {
    expect(mayConfirm(guestEbook, { guestOf: guestEbook.purchaseId })).toBe(true);
    expect(mayConfirm(guestEbook, { guestOf: alicesCourse.purchaseId })).toBe(false);
    expect(mayConfirm(guestEbook, { userId: bob })).toBe(false);
  });
});

describe('decidePayments', () => {
  it('a course payment claims the payment for its purchase and makes its buyer premium, in their own stream', () => {
    const writes = decidePayments(confirm(course), initialPayment);
    expect(summary(writes)).toEqual([
      [
        paymentStreamId(course.id),
        [
          [
            'PaymentConfirmed',
            {
              paymentId: course.id,
              provider: 'mercadopago',
              productId: course.productId,
              userId: alice,
              purchaseId: alicesCourse.purchaseId,
              amount: 270,
              currency: 'USD',
              source: 'confirm',
            },
          ],
        ],
      ],
      [learnerStreamId(alice), [['RoleGranted', { userId: alice, role: PREMIUM_ROLE, by: `payment:${course.id}` }]]],
    ]);
    expectStorable(writes);
  });

  it('bob confirming alice’s payment is refused and writes nothing; alice can confirm it afterwards', () => {
    expect(() => decidePayments(confirm(course, alicesCourse, { userId: bob }), initialPayment)).toThrow(new ForbiddenError(PAYMENT_NOT_YOURS));
    expect(decidePayments(confirm(course), initialPayment)).toHaveLength(2);
  });

  it('a guest’s ebook is granted to the purchase alone: no learner stream is written', () => {
    const writes = decidePayments(confirm(ebook, guestEbook, { guestOf: guestEbook.purchaseId }), initialPayment);
    expect(summary(writes)).toEqual([
      [
        paymentStreamId(ebook.id),
        [
          [
            'PaymentConfirmed',
            {
              paymentId: ebook.id,
              provider: 'mercadopago',
              productId: 'afirmaciones-ebook',
              purchaseId: guestEbook.purchaseId,
              amount: 3,
              currency: 'USD',
              source: 'confirm',
            },
          ],
        ],
      ],
    ]);
    expectStorable(writes);
  });

  it('once granted, the same purchase’s confirmation (webhook first, browser after, or the other way) records nothing', () => {
    const byWebhook = after(initialPayment, decidePayments(confirm(course, alicesCourse, 'provider', 'webhook'), initialPayment), course);
    expect(decidePayments(confirm(course), byWebhook)).toEqual([]);
    expect(decidePayments(confirm(course, alicesCourse, 'provider', 'webhook'), byWebhook)).toEqual([]);
    expect(() => decidePayments(confirm(course, alicesCourse, { userId: bob }), byWebhook)).toThrow(ForbiddenError);
  });

  it('the event ids are the payment’s: two decisions on one payment can only be written once', () => {
    const ids = (writes: StreamEvents[]) => writes.flatMap((w) => w.events.map((e) => e.eventId));
    expect(ids(decidePayments(confirm(course, alicesCourse, 'provider', 'webhook'), initialPayment))).toEqual(
      ids(decidePayments(confirm(course), initialPayment)).map(() => expect.any(String)),
    );
    expect(ids(decidePayments(confirm(course), initialPayment))).toEqual(ids(decidePayments(confirm(course), initialPayment)));
  });

  it('a payment naming no purchase of ours is held once, and only the coach’s assignment grants it', () => {
    const hold: PaymentsCommand = { type: 'HoldPayment', paymentId: '1000000009', productId: 'manifiesta-curso-completo', amount: 270, currency: 'USD' };
    const writes = decidePayments(hold, initialPayment);
    expect(summary(writes)).toEqual([
      [
        paymentStreamId('1000000009'),
        [['PaymentHeld', { paymentId: '1000000009', provider: 'mercadopago', productId: 'manifiesta-curso-completo', amount: 270, currency: 'USD' }]],
      ],
    ]);
    expectStorable(writes);
    const held = after(initialPayment, writes, { ...course, id: '1000000009' });
    expect(decidePayments(hold, held)).toEqual([]);
    const assigned = decidePayments({ type: 'AssignPayment', paymentId: '1000000009', userId: bob, productId: 'manifiesta-curso-completo' }, held);
    expect(summary(assigned)[1]).toEqual([learnerStreamId(bob), [['RoleGranted', { userId: bob, role: PREMIUM_ROLE, by: 'payment:1000000009' }]]]);
    expect(assigned[0]!.events[0]!.data).toMatchObject({ source: 'coach', userId: bob, amount: 270 });
    expectStorable(assigned);
    expect(() => decidePayments({ type: 'AssignPayment', paymentId: course.id, userId: bob, productId: 'manifiesta-curso-completo' }, initialPayment)).toThrow(
      ConflictError,
    );
  });

  it('a refund takes back what the payment granted, once; a reversed payment cannot be claimed again', () => {
    const claimed = after(initialPayment, decidePayments(confirm(course), initialPayment), course);
    const writes = decidePayments(reverse(course), claimed);
    expect(summary(writes)).toEqual([
      [
        paymentStreamId(course.id),
        [['PaymentReversed', { paymentId: course.id, productId: course.productId, userId: alice, purchaseId: alicesCourse.purchaseId, status: 'refunded' }]],
      ],
      [learnerStreamId(alice), [['RoleRevoked', { userId: alice, role: PREMIUM_ROLE, by: `payment:${course.id}:refunded` }]]],
    ]);
    expectStorable(writes);
    const reversed = after(claimed, writes, course);
    expect(decidePayments(reverse(course), reversed)).toEqual([]);
    expect(() => decidePayments(confirm(course), reversed)).toThrow(new ConflictError(PAYMENT_ALREADY_USED));
  });

  it('a refund of one of two course payments keeps the role; the second refund ends it', () => {
    const first = decidePayments(confirm(course), initialPayment);
    const second = decidePayments(confirm(course2), initialPayment);
    let sources = learnerAfter(learnerAfter({}, first), second);
    expect(rolesOf(sources)).toEqual([PREMIUM_ROLE]);
    sources = learnerAfter(sources, decidePayments(reverse(course), after(initialPayment, first, course)));
    expect(rolesOf(sources)).toEqual([PREMIUM_ROLE]);
    sources = learnerAfter(sources, decidePayments(reverse(course2, 'charged_back'), after(initialPayment, second, course2)));
    expect(rolesOf(sources)).toEqual([]);
  });

  it('a grant by hand outlives the refund of the payment', () => {
    const paid = decidePayments(confirm(course), initialPayment);
    let sources = learnerAfter({}, paid);
    sources = applyRoleEvent(sources, recorded(RoleGranted.type, { userId: alice, role: PREMIUM_ROLE, by: 'cli' }));
    sources = learnerAfter(sources, decidePayments(reverse(course), after(initialPayment, paid, course)));
    expect(rolesOf(sources)).toEqual([PREMIUM_ROLE]);
  });

  it('a charge-back of the ebook revokes that payment’s entitlement; a payment never claimed has nothing to take back', () => {
    const claimed = after(
      initialPayment,
      decidePayments(confirm(ebook, { ...alicesCourse, productId: 'afirmaciones-ebook', amount: 3 }), initialPayment),
      ebook,
    );
    expect(decidePayments(reverse(ebook, 'charged_back'), claimed)[1]!.events.map((e) => [e.type, e.data])).toEqual([
      ['EntitlementRevoked', { userId: alice, productId: 'afirmaciones-ebook', paymentId: ebook.id }],
    ]);
    expect(decidePayments(reverse(ebook), initialPayment)).toEqual([]);
  });
});
