// The payments' read models as the buyer reads them (the products bought besides the course: entitlements) and as
// the coach's sales ledger reads them (every purchase and payment, with its buyer and the funnel page they came from).
import { SALE_STATES, type ProductId, type SaleState } from '../../course/products';
import type { Queryable } from '../store/types';

/** The products the learner holds, in the order they were granted. */
export async function entitlementsOf(db: Queryable, userId: string): Promise<Array<{ productId: string; grantedAt: Date }>> {
  const { rows } = await db.query<{ product_id: string; granted_at: Date }>(
    'SELECT product_id, granted_at FROM entitlements WHERE user_id = $1 ORDER BY granted_at',
    [userId],
  );
  return rows.map((r) => ({ productId: r.product_id, grantedAt: r.granted_at }));
}

export async function hasEntitlement(db: Queryable, userId: string, productId: ProductId): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM entitlements WHERE user_id = $1 AND product_id = $2', [userId, productId]);
  return rowCount === 1;
}

/** A guest buyer's address by its subject (the forget link names the subject), and whether an account uses it. */
export async function guestBuyerBySubject(db: Queryable, subject: string): Promise<{ email: string; hasAccount: boolean } | undefined> {
  const { rows } = await db.query<{ email: string; has_account: boolean }>(
    `SELECT p.email, EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(p.email)) AS has_account
       FROM purchases p WHERE p.subject = $1 AND p.email IS NOT NULL LIMIT 1`,
    [subject],
  );
  return rows[0] && { email: rows[0].email, hasAccount: rows[0].has_account };
}

export interface SalesFilter {
  state?: SaleState;
  productId?: string;
  /** Days (YYYY-MM-DD, UTC), both included, of the sale's date (its checkout, or when the payment was first known). */
  from?: string;
  to?: string;
  /** Part of the buyer's name or address, or of the payment's id. */
  search?: string;
}

export interface Sale {
  /** The payment's id, or the purchase's while nothing paid it. */
  id: string;
  paymentId: string | null;
  purchaseId: string | null;
  state: SaleState;
  /** '' for a held payment that names no product of ours. */
  productId: string;
  amount: number;
  currency: string;
  /** An account (name and address null once it was deleted), a guest's address, or nobody yet (a held payment). */
  buyer: { kind: 'account'; userId: string; name: string | null; email: string | null } | { kind: 'guest'; email: string | null } | null;
  startedAt: string | null;
  paidAt: string | null;
  reversedAt: string | null;
  /** Who told us of the payment: confirm, webhook, coach, held. */
  source: string | null;
  /** The first lead page the buyer came from (the funnel's first touch), or null when nothing ties them to one. */
  funnel: { page: string; section: string } | null;
}

export type RevenueRow = {
  /** YYYY-MM, UTC, of the payment. */
  month: string;
  productId: string;
  currency: string;
  /** Every payment Mercado Pago approved that month (held ones too: the money came in). */
  approved: number;
  /** Of those, what was refunded, charged back or cancelled since. */
  reversed: number;
  net: number;
};

// Every purchase (with its payments, if any) and every payment that names no purchase (held for the coach, or
// confirmed before checkouts were created on the server), one row each.
const SALES = `
  SELECT COALESCE(pay.payment_id, pu.purchase_id::text) AS id, pay.payment_id, pu.purchase_id,
         COALESCE(pay.status, 'started') AS state, COALESCE(pay.product_id, pu.product_id) AS product_id,
         COALESCE(pay.amount, pu.amount)::float8 AS amount, COALESCE(pay.currency, pu.currency) AS currency,
         COALESCE(pu.user_id, pay.user_id) AS user_id, pu.email AS guest_email, pu.purchase_id IS NOT NULL AND pu.user_id IS NULL AS guest,
         pu.started_at, pay.confirmed_at AS paid_at, pay.reversed_at, pay.source, pu.visitor_id
    FROM purchases pu LEFT JOIN payments pay ON pay.purchase_id = pu.purchase_id
  UNION ALL
  SELECT pay.payment_id, pay.payment_id, NULL, pay.status, pay.product_id, pay.amount::float8, pay.currency,
         pay.user_id, NULL, false, NULL, pay.confirmed_at, pay.reversed_at, pay.source, NULL
    FROM payments pay WHERE pay.purchase_id IS NULL`;

const emailKey = (column: string) => `'email:' || encode(sha256(convert_to(lower(trim(${column})), 'UTF8')), 'hex')`;

/**
 * Every sale with its buyer, its moment (`at`: its checkout, or when the payment was first known) and the funnel's
 * keys of its buyer (`touch_keys`): the visitor the checkout came from, the visitor the account registered from, the
 * account's address and a guest's address as leads. The one link from a sale to the pages its buyer saw; the ledger's
 * first page and the mails' campaigns (events/analytics/queries.ts) both go through it.
 */
export const SALES_WITH_TOUCH_KEYS = `
  SELECT s.*, u.username, u.email AS user_email, COALESCE(s.started_at, s.paid_at) AS at,
         ARRAY['visitor:' || s.visitor_id::text, 'visitor:' || aa.visitor_id::text, 'email:' || aa.email_hash,
               ${emailKey('u.email')}, ${emailKey('s.guest_email')}] AS touch_keys
    FROM (${SALES}) s
    LEFT JOIN users u ON u.user_id = s.user_id
    LEFT JOIN analytics_accounts aa ON aa.user_id = s.user_id`;

// The sales with their buyer and funnel link: the first touch is the earliest page of any of the buyer's keys.
const LEDGER = `
  SELECT s.*, first.page AS funnel_page, first.section AS funnel_section
    FROM (${SALES_WITH_TOUCH_KEYS}) s
    LEFT JOIN LATERAL (
      SELECT t.page, t.section FROM analytics_first_touch t WHERE t.touch_key = ANY (s.touch_keys) ORDER BY t.at LIMIT 1
    ) first ON true`;

type LedgerRow = {
  id: string;
  payment_id: string | null;
  purchase_id: string | null;
  state: SaleState;
  product_id: string;
  amount: number;
  currency: string;
  user_id: string | null;
  guest_email: string | null;
  guest: boolean;
  started_at: Date | null;
  paid_at: Date | null;
  reversed_at: Date | null;
  source: string | null;
  username: string | null;
  user_email: string | null;
  funnel_page: string | null;
  funnel_section: string | null;
};

function toSale(r: LedgerRow): Sale {
  const buyer: Sale['buyer'] = r.user_id
    ? { kind: 'account', userId: r.user_id, name: r.username, email: r.user_email }
    : r.guest
      ? { kind: 'guest', email: r.guest_email }
      : null;
  return {
    id: r.id,
    paymentId: r.payment_id,
    purchaseId: r.purchase_id,
    state: r.state,
    productId: r.product_id,
    amount: r.amount,
    currency: r.currency,
    buyer,
    startedAt: r.started_at?.toISOString() ?? null,
    paidAt: r.paid_at?.toISOString() ?? null,
    reversedAt: r.reversed_at?.toISOString() ?? null,
    source: r.source,
    funnel: r.funnel_page === null ? null : { page: r.funnel_page, section: r.funnel_section ?? '' },
  };
}

/** The SQL conditions of a filter; `withState` false for the counts per state (every state, the rest filtered). */
function where(filter: SalesFilter, values: unknown[], withState: boolean): string {
  const conditions: string[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (withState && filter.state) add((p) => `state = ${p}`, filter.state);
  if (filter.productId) add((p) => `product_id = ${p}`, filter.productId);
  if (filter.from) add((p) => `(at AT TIME ZONE 'UTC')::date >= ${p}::date`, filter.from);
  if (filter.to) add((p) => `(at AT TIME ZONE 'UTC')::date <= ${p}::date`, filter.to);
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((p) => `(username ILIKE ${p} OR user_email ILIKE ${p} OR guest_email ILIKE ${p} OR payment_id ILIKE ${p})`, pattern);
  }
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** A page of the sales, newest first, how many match, and how many of each state match the other filters. */
export async function salesLedger(
  db: Queryable,
  filter: SalesFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ sales: Sale[]; total: number; counts: Record<SaleState, number> }> {
  const listValues: unknown[] = [];
  const listWhere = where(filter, listValues, true);
  const countValues: unknown[] = [];
  const countWhere = where(filter, countValues, false);
  const [list, counts] = await Promise.all([
    db.query<LedgerRow & { total: string }>(
      `SELECT *, count(*) OVER () AS total FROM (${LEDGER}) l ${listWhere}
        ORDER BY at DESC, id LIMIT $${listValues.length + 1} OFFSET $${listValues.length + 2}`,
      [...listValues, limit, offset],
    ),
    db.query<{ state: SaleState; n: number }>(`SELECT state, count(*)::int AS n FROM (${LEDGER}) l ${countWhere} GROUP BY state`, countValues),
  ]);
  const byState = Object.fromEntries(SALE_STATES.map((s) => [s, 0])) as Record<SaleState, number>;
  for (const { state, n } of counts.rows) byState[state] = n;
  return { sales: list.rows.map(toSale), total: Number(list.rows[0]?.total ?? 0), counts: byState };
}

/** One payment's row of the ledger. */
export async function saleOfPayment(db: Queryable, paymentId: string): Promise<Sale | undefined> {
  const { rows } = await db.query<LedgerRow>(`SELECT * FROM (${LEDGER}) l WHERE payment_id = $1`, [paymentId]);
  return rows[0] && toSale(rows[0]);
}

/** Every matching sale, newest first (the CSV export). */
export async function allSales(db: Queryable, filter: SalesFilter): Promise<Sale[]> {
  const values: unknown[] = [];
  const { rows } = await db.query<LedgerRow>(`SELECT * FROM (${LEDGER}) l ${where(filter, values, true)} ORDER BY at DESC, id`, values);
  return rows.map(toSale);
}

/**
 * Revenue per month of payment and product: what Mercado Pago approved, what was reversed of it since, and the net.
 * Only payments count (a purchase nobody paid is no revenue); the product and date filters apply to the payment.
 */
export async function revenueByMonth(db: Queryable, filter: Pick<SalesFilter, 'productId' | 'from' | 'to'>): Promise<RevenueRow[]> {
  const { rows } = await db.query<RevenueRow>(
    `SELECT to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, product_id AS "productId", currency,
            sum(amount)::float8 AS approved,
            COALESCE(sum(amount) FILTER (WHERE status IN ('refunded', 'charged_back', 'cancelled')), 0)::float8 AS reversed,
            (sum(amount) - COALESCE(sum(amount) FILTER (WHERE status IN ('refunded', 'charged_back', 'cancelled')), 0))::float8 AS net
       FROM payments
      WHERE ($1::text IS NULL OR product_id = $1) AND ($2::date IS NULL OR (confirmed_at AT TIME ZONE 'UTC')::date >= $2) AND ($3::date IS NULL OR (confirmed_at AT TIME ZONE 'UTC')::date <= $3)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [filter.productId ?? null, filter.from ?? null, filter.to ?? null],
  );
  return rows;
}

/** The account with this address (any case), for assigning a held payment. */
export async function accountByEmail(db: Queryable, email: string): Promise<{ userId: string; name: string } | undefined> {
  const { rows } = await db.query<{ user_id: string; username: string }>('SELECT user_id, username FROM users WHERE lower(email) = lower($1)', [email.trim()]);
  return rows[0] && { userId: rows[0].user_id, name: rows[0].username };
}
