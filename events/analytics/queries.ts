// The funnel as the coach reads it: the analytics read models summed by page and by day over a range of UTC
// days (view funnel_daily); and what our mails' links brought, per campaign.
import { ATTRIBUTION_DAYS, type MailSource } from '../../course/campaigns';
import { SALES_WITH_TOUCH_KEYS } from '../payments/queries';
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

export type CampaignCounts = {
  /** Distinct visitors who opened a page of the site through one of the campaigns' links. */
  visits: number;
  /** Paid sales (the ledger's «Pagada»: approved, not reversed since) attributed to one of the campaigns. */
  purchases: number;
};

/**
 * Visits and purchases of one source's campaigns (a letter's slugs, say). Attribution, last touch: a sale belongs to
 * the campaign of the latest visit through any of our mails' links by its buyer (by the ledger's keys of the buyer:
 * the checkout's visitor, the account's) in the ATTRIBUTION_DAYS before the checkout. A visit after it, or a later
 * visit through another mail, does not give it to this one; a refunded, charged-back or cancelled sale is no longer
 * counted.
 */
export async function campaignCounts(db: Queryable, source: MailSource, campaigns: readonly string[]): Promise<CampaignCounts> {
  const { rows } = await db.query<CampaignCounts>(
    `SELECT (SELECT count(DISTINCT touch_key)::int FROM analytics_campaign_touches WHERE source = $1 AND campaign = ANY ($2::text[])) AS visits,
            (SELECT count(*)::int
               FROM (${SALES_WITH_TOUCH_KEYS}) s
               CROSS JOIN LATERAL (
                 SELECT t.source, t.campaign FROM analytics_campaign_touches t
                  WHERE t.touch_key = ANY (s.touch_keys) AND t.at <= s.at AND t.at > s.at - make_interval(days => $3)
                  ORDER BY t.at DESC LIMIT 1
               ) last
              WHERE s.state = 'approved' AND last.source = $1 AND last.campaign = ANY ($2::text[])) AS purchases`,
    [source, campaigns, ATTRIBUTION_DAYS],
  );
  return rows[0]!;
}
