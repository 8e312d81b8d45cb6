// Inline read model of the newsletter's consent (decision 0016): one row per subscribing address, keyed by its
// visitor stream. Only SubscriptionConfirmed makes a row 'confirmed' — and a form subscription from before double
// opt-in (a LeadCaptured of the form with no SubscriptionRequested before it), which keeps the status it had.
// Unsubscribed and SubscriberBounced end it (decision 0019); a later confirmation (resubscribing) restores it.
import type { Forget } from '../../erasure/forgetting';
import { rowProjection } from '../../store/projection';
import type { RecordedEvent } from '../../store/types';
import { isSubscription } from '../leads';
import { LeadCaptured, SubscriberBounced, SubscriptionConfirmed, SubscriptionRequested, Unsubscribed } from '../leads.events';

/** The newsletter form's page: where a subscription comes from unless a download form's checkbox asked for it. */
export const NEWSLETTER_SOURCE = 'Newsletter Archive';

export interface SubscriberRow {
  [column: string]: string | null;
  /** The address's visitor stream: names it without holding it (a mail job names the subscriber by it). */
  stream_id: string;
  /** The address's subject (`lead:<keyed hash>`), so forgetting it finds the row without the address. */
  subject: string | null;
  status: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';
  requested_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  bounced_at: string | null;
  /** The page of the form that asked for the letters. */
  source: string;
}

export function evolveSubscriberRow(row: SubscriberRow | undefined, event: RecordedEvent): SubscriberRow | null {
  const at = event.recordedAt.toISOString();
  const subject = event.metadata.sealedFor ?? row?.subject ?? null;
  const fresh = { stream_id: event.streamId, subject, requested_at: at, confirmed_at: null, unsubscribed_at: null, bounced_at: null };
  // Recorded only when the address has no subscription (or it ended, or was forgotten since), as the fold reads it.
  if (SubscriptionRequested.is(event)) return { ...fresh, status: 'pending', source: event.data.page ?? NEWSLETTER_SOURCE };
  if (!row) {
    if (LeadCaptured.is(event) && isSubscription(event.data.page)) return { ...fresh, status: 'confirmed', confirmed_at: at, source: NEWSLETTER_SOURCE };
    // Nothing else starts a row: a lead who never subscribed and leaves from a welcome mail's link is no subscriber.
    return null;
  }
  if (SubscriptionConfirmed.is(event)) return { ...row, status: 'confirmed', confirmed_at: at, unsubscribed_at: null, bounced_at: null };
  if (Unsubscribed.is(event)) return { ...row, status: 'unsubscribed', unsubscribed_at: at };
  if (SubscriberBounced.is(event)) return { ...row, status: 'bounced', bounced_at: at };
  return row;
}

const ROW_EVENTS: readonly string[] = [SubscriptionRequested.type, SubscriptionConfirmed.type, Unsubscribed.type, SubscriberBounced.type];

export const subscribersProjection = rowProjection<SubscriberRow>({
  name: 'subscribers',
  mode: 'inline',
  table: 'subscribers',
  keyColumns: ['stream_id'],
  eventTypes: [...ROW_EVENTS, LeadCaptured.type],
  key: (e) => (ROW_EVENTS.includes(e.type) || (LeadCaptured.is(e) && isSubscription(e.data.page)) ? { stream_id: e.streamId } : undefined),
  evolve: evolveSubscriberRow,
});

/** Forgetting an address: its subscriber row goes, and the confirmation links its mails carried with it. */
export const forgetSubscriber: Forget = async (tx, subject) => {
  await tx.query('DELETE FROM newsletter_confirmation_tokens WHERE stream_id IN (SELECT stream_id FROM subscribers WHERE subject = $1)', [subject]);
  await tx.query('DELETE FROM subscribers WHERE subject = $1', [subject]);
};
