// The funnel as the coach reads it: the analytics read models summed by page and by day over a range of UTC
// days (view funnel_daily).
import type { Queryable } from '../store/types';

export type FunnelCounts = {
  views: number;
  leads: number;
  subscriptions: number;
  signups: number;
  verifications: number;
  payments: number;
  revenueUsd: number;
};

const SUMS = `sum(views)::int AS views, sum(leads)::int AS leads, sum(subscriptions)::int AS subscriptions, sum(signups)::int AS signups,
  sum(verifications)::int AS verifications, sum(payments)::int AS payments, sum(revenue_usd)::float8 AS "revenueUsd"`;

/** `from` and `to` are days (YYYY-MM-DD), both included; pages busiest first, days in order. */
export async function funnel(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ pages: Array<FunnelCounts & { page: string }>; days: Array<FunnelCounts & { day: string }>; forgottenAccounts: number }> {
  const [pages, days, forgotten] = await Promise.all([
    db.query<FunnelCounts & { page: string }>(
      `SELECT page, ${SUMS} FROM funnel_daily WHERE day BETWEEN $1 AND $2 GROUP BY page ORDER BY sum(views) + sum(leads) + sum(signups) DESC, page`,
      [from, to],
    ),
    db.query<FunnelCounts & { day: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${SUMS} FROM funnel_daily WHERE day BETWEEN $1 AND $2 GROUP BY day ORDER BY day`,
      [from, to],
    ),
    // Accounts deleted since: still counted above, with nothing left to say who they were. Every account's row has
    // its address's hash but a forgotten one's (the erasure clears it; a rebuild reads the address redacted).
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM analytics_accounts WHERE email_hash IS NULL AND (registered_at AT TIME ZONE 'UTC')::date BETWEEN $1 AND $2`,
      [from, to],
    ),
  ]);
  return { pages: pages.rows, days: days.rows, forgottenAccounts: forgotten.rows[0]!.n };
}
