// The funnel's read models (async: they follow the log with the checkpointed reader). Pure folds, one row
// per key; attribution is joined at query time in the SQL views of migration 011. No raw e-mail here:
// addresses become a sha256 hash, the same for a lead and for the account it becomes.
import { createHash } from 'node:crypto';
import { EmailVerified, UserRegistered } from '../accounts/accounts.events';
import { type Forget, forgetting, subjectRows } from '../erasure/forgetting';
import { normaliseEmail } from '../leads/leads';
import { LeadCaptured, LeadPageViewed } from '../leads/leads.events';
import { PaymentConfirmed } from '../payments/payments.events';
import { rowProjection, type RowProjectionSpec } from '../store/projection';
import type { RecordedEvent } from '../store/types';

export const emailHash = (email: string) => createHash('sha256').update(normaliseEmail(email)).digest('hex');
const dayOf = (e: RecordedEvent) => e.recordedAt.toISOString().slice(0, 10);
const NO_SECTION = '';

export interface AnalyticsDailyRow {
  [column: string]: string | number;
  day: string;
  page: string;
  section: string;
  views: number;
  leads: number;
  subscriptions: number;
}

function dailyKey(e: RecordedEvent): { day: string; page: string; section: string } | undefined {
  if (LeadPageViewed.is(e)) return { day: dayOf(e), page: e.data.page, section: e.data.section ?? NO_SECTION };
  if (LeadCaptured.is(e)) return { day: dayOf(e), page: e.data.page, section: e.data.section };
  return undefined;
}

/** Views, lead downloads and newsletter subscriptions per UTC day × page × section. */
export const analyticsDaily: RowProjectionSpec<AnalyticsDailyRow> = {
  name: 'analytics_daily',
  mode: 'async',
  table: 'analytics_daily',
  keyColumns: ['day', 'page', 'section'],
  eventTypes: [LeadPageViewed.type, LeadCaptured.type],
  key: dailyKey,
  evolve: (row, e) => {
    const key = dailyKey(e);
    if (!key) return row ?? null;
    const base = row ?? { ...key, views: 0, leads: 0, subscriptions: 0 };
    if (LeadPageViewed.is(e)) return { ...base, views: base.views + 1 };
    return LeadCaptured.is(e) && e.data.status === 'Subscribed via Form'
      ? { ...base, subscriptions: base.subscriptions + 1 }
      : { ...base, leads: base.leads + 1 };
  },
};

export interface FirstTouchRow {
  [column: string]: string | null;
  touch_key: string;
  page: string;
  section: string;
  at: string;
  /** An address's subject (`lead:<keyed hash>`), so that forgetting the address finds its row; null for a visitor. */
  subject: string | null;
}

/**
 * The first funnel page of each visitor (by visitor id) and of each address (by e-mail hash): the first
 * event wins, later ones leave the row as it was.
 */
export const analyticsFirstTouch: RowProjectionSpec<FirstTouchRow> = {
  name: 'analytics_first_touch',
  mode: 'async',
  table: 'analytics_first_touch',
  keyColumns: ['touch_key'],
  eventTypes: [LeadPageViewed.type, LeadCaptured.type],
  key: (e) => {
    if (LeadPageViewed.is(e)) return { touch_key: `visitor:${e.data.visitorId}` };
    // A forgotten address's capture counts in the day's leads, but no longer ties anyone to a page.
    if (LeadCaptured.is(e) && !e.redacted) return { touch_key: `email:${emailHash(e.data.email)}` };
    return undefined;
  },
  evolve: (row, e) => {
    if (row) return row;
    if (LeadPageViewed.is(e))
      return {
        touch_key: `visitor:${e.data.visitorId}`,
        page: e.data.page,
        section: e.data.section ?? NO_SECTION,
        at: e.recordedAt.toISOString(),
        subject: null,
      };
    if (LeadCaptured.is(e) && !e.redacted)
      return {
        touch_key: `email:${emailHash(e.data.email)}`,
        page: e.data.page,
        section: e.data.section,
        at: e.recordedAt.toISOString(),
        subject: e.metadata.sealedFor ?? null,
      };
    return null;
  },
};

export interface CampaignTouchRow {
  [column: string]: string;
  touch_id: string;
  /** The visitor, keyed as analytics_first_touch keys it: the sales ledger finds a buyer's visits by these keys. */
  touch_key: string;
  source: string;
  campaign: string;
  at: string;
}

/**
 * Every view that arrived by one of our mails' links (its `utm`), one row per view: the letters' and the welcome
 * mails' visits and, joined with the sales at query time, their purchases (events/analytics/queries.ts).
 */
export const analyticsCampaignTouches: RowProjectionSpec<CampaignTouchRow> = {
  name: 'analytics_campaign_touches',
  mode: 'async',
  table: 'analytics_campaign_touches',
  keyColumns: ['touch_id'],
  eventTypes: [LeadPageViewed.type],
  key: (e) => (LeadPageViewed.is(e) && e.data.utm ? { touch_id: e.eventId } : undefined),
  evolve: (row, e) => {
    if (row || !LeadPageViewed.is(e) || !e.data.utm) return row ?? null;
    const { source, campaign } = e.data.utm;
    return { touch_id: e.eventId, touch_key: `visitor:${e.data.visitorId}`, source, campaign, at: e.recordedAt.toISOString() };
  },
};

export interface AnalyticsAccountRow {
  [column: string]: string | number | null;
  user_id: string;
  email_hash: string | null;
  visitor_id: string | null;
  registered_at: string | null;
  verified_at: string | null;
  first_paid_at: string | null;
  payments: number;
  revenue_usd: number;
}

/** Each account's way down the funnel: signup, verification, payments (amounts in USD). */
export const analyticsAccounts: RowProjectionSpec<AnalyticsAccountRow> = {
  name: 'analytics_accounts',
  mode: 'async',
  table: 'analytics_accounts',
  keyColumns: ['user_id'],
  eventTypes: [UserRegistered.type, EmailVerified.type, PaymentConfirmed.type],
  // A guest's purchase has no account: it is not part of an account's way down the funnel.
  key: (e) => ((UserRegistered.is(e) || EmailVerified.is(e) || PaymentConfirmed.is(e)) && e.data.userId ? { user_id: e.data.userId } : undefined),
  evolve: (row, e) => {
    const at = e.recordedAt.toISOString();
    const base: AnalyticsAccountRow = row ?? {
      user_id: (e.data as { userId: string }).userId,
      email_hash: null,
      visitor_id: null,
      registered_at: null,
      verified_at: null,
      first_paid_at: null,
      payments: 0,
      revenue_usd: 0,
    };
    if (UserRegistered.is(e))
      return { ...base, email_hash: e.redacted ? null : emailHash(e.data.email), visitor_id: e.data.visitorId ?? null, registered_at: at };
    if (EmailVerified.is(e)) return { ...base, verified_at: base.verified_at ?? at };
    if (PaymentConfirmed.is(e)) {
      const usd = e.data.currency === 'USD' ? e.data.amount : 0;
      return { ...base, first_paid_at: base.first_paid_at ?? at, payments: base.payments + 1, revenue_usd: Math.round((base.revenue_usd + usd) * 100) / 100 };
    }
    return row ?? null;
  },
};

/** A forgotten account stays in the funnel's counts (Persona eliminada) without its address's hash. */
const forgetAccount: Forget = async (tx, subject) => {
  if (subject.startsWith('user:')) await tx.query('UPDATE analytics_accounts SET email_hash = NULL WHERE user_id = $1', [subject.slice('user:'.length)]);
};

export const analyticsProjections = [
  rowProjection(analyticsDaily),
  forgetting(rowProjection(analyticsFirstTouch), subjectRows('analytics_first_touch'), { skipRedacted: false }),
  forgetting(rowProjection(analyticsAccounts), forgetAccount, { skipRedacted: false }),
  // An anonymous visitor's visits: no one's address, nothing to forget (as the first touch of a visitor).
  rowProjection(analyticsCampaignTouches),
] as const;
