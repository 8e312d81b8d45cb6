// The shop's side of the demo: a few purchases made through the checkout in every state the coach's sales
// ledger shows — guests' ebooks paid, refunded, charged back or never paid, learners' course checkouts left
// unpaid, and two payments that reached Mercado Pago without a purchase of ours (held for the coach to assign).
// The buyers are demo addresses at example.com; amounts are the catalogue's.
import { PRODUCTS, type ProductId } from '../../course/products';
import { viewPage } from './funnel';
import { decidePayments, initialPayment, paymentFold, startCheckout, type PaymentState } from '../../events/payments/payments';
import type { Queryable } from '../../events/store/types';
import type { StreamEvents } from '../../events/store/command';
import { DAY_MS, MINUTE_MS } from './random';
import { ChainWriter, type SeedContext, seedId } from './writer';

type Ending = 'unpaid' | 'paid' | 'refunded' | 'charged_back';

const GUESTS: readonly { email: string; daysAgo: number; ending: Ending; from?: 'afirmaciones' | 'menu' }[] = [
  { email: 'compradora.demo1@example.com', daysAgo: 41, ending: 'paid', from: 'afirmaciones' },
  { email: 'comprador.demo2@example.com', daysAgo: 33, ending: 'refunded', from: 'afirmaciones' },
  { email: 'compradora.demo3@example.com', daysAgo: 19, ending: 'paid' },
  { email: 'comprador.demo4@example.com', daysAgo: 12, ending: 'charged_back', from: 'menu' },
  { email: 'compradora.demo5@example.com', daysAgo: 6, ending: 'unpaid', from: 'afirmaciones' },
];

/** Payments made outside the checkout: one names the course (an old fixed link), one names nothing. */
const HELD: readonly { paymentId: string; productId?: ProductId; daysAgo: number }[] = [
  { paymentId: '15000000001', productId: 'manifiesta-curso-completo', daysAgo: 9 },
  { paymentId: '15000000002', daysAgo: 3 },
];

export async function runSales(ctx: SeedContext, db: Queryable): Promise<void> {
  const writer = new ChainWriter(ctx, 'sales');
  const mp = 'mercadopago';
  const many = (writes: StreamEvents[], at: number, actor: string) =>
    writer.appendMany(
      writes.map((w) => ({ ...w, expectedVersion: 'any' as const })),
      at,
      actor,
    );

  let n = 0;
  for (const guest of GUESTS) {
    n++;
    const at = ctx.now - guest.daysAgo * DAY_MS;
    const visitorId = guest.from ? seedId('sales-visitor', String(n)) : undefined;
    if (visitorId) await viewPage(writer, visitorId, guest.from!, at - 20 * MINUTE_MS);
    const product = PRODUCTS['afirmaciones-ebook'];
    const purchaseId = seedId('sales-purchase', String(n));
    const started = startCheckout({
      purchaseId,
      productId: 'afirmaciones-ebook',
      amount: product.amount,
      currency: product.currency,
      email: guest.email,
      preferenceId: `demo-preferencia-${n}`,
      ...(visitorId ? { visitorId } : {}),
    });
    await writer.append(started.streamId, started.events, at, 'guest', 'any');
    if (guest.ending === 'unpaid') continue;

    const paymentId = `14${String(n).padStart(9, '0')}`;
    const payment = { id: paymentId, productId: 'afirmaciones-ebook' as const, amount: product.amount, currency: product.currency };
    const purchase = { purchaseId, productId: payment.productId, amount: product.amount, currency: product.currency, email: guest.email };
    const confirmed = await many(
      decidePayments({ type: 'ConfirmPayment', payment, purchase, requester: 'provider', source: 'webhook' }, initialPayment),
      at + 4 * MINUTE_MS,
      mp,
    );
    if (guest.ending === 'paid') continue;
    const state: PaymentState = confirmed[0]!.events.reduce(paymentFold.evolve, initialPayment);
    await many(decidePayments({ type: 'ReversePayment', paymentId, status: guest.ending }, state), at + 3 * DAY_MS, mp);
  }

  // Two learners who went to pay for the course and did not (yet): the oldest accounts without it.
  const { rows } = await db.query<{ user_id: string }>(
    "SELECT user_id FROM users WHERE NOT (7 = ANY(roles)) AND NOT (9 = ANY(roles)) AND email LIKE '%@example.com' ORDER BY registered_at, user_id LIMIT 2",
  );
  for (const [i, { user_id: userId }] of rows.entries()) {
    n++;
    const product = PRODUCTS['manifiesta-curso-completo'];
    const started = startCheckout({
      purchaseId: seedId('sales-purchase', String(n)),
      productId: 'manifiesta-curso-completo',
      amount: product.amount,
      currency: product.currency,
      userId,
      preferenceId: `demo-preferencia-${n}`,
    });
    await writer.append(started.streamId, started.events, ctx.now - (15 - 10 * i) * DAY_MS, userId, 'any');
  }

  for (const held of HELD) {
    const product = held.productId ? PRODUCTS[held.productId] : PRODUCTS['afirmaciones-ebook'];
    const command = {
      type: 'HoldPayment' as const,
      paymentId: held.paymentId,
      ...(held.productId ? { productId: held.productId } : {}),
      amount: product.amount,
      currency: product.currency,
    };
    await many(decidePayments(command, initialPayment), ctx.now - held.daysAgo * DAY_MS, mp);
  }
}
