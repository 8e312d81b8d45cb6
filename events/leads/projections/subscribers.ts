// Inline read model of the newsletter's consent (decision 0016): one row per subscribing address, keyed by its
// visitor stream. Only SubscriptionConfirmed makes a row 'confirmed' — and a form subscription from before double
// opt-in (a LeadCaptured of the form with no SubscriptionRequested before it), which keeps the status it had.
import type { Forget } from '../../erasure/forgetting';
import { rowProjection } from '../../store/projection';
import type { RecordedEvent } from '../../store/types';
import { isSubscription } from '../leads';
import { LeadCaptured, SubscriptionConfirmed, SubscriptionRequested } from '../leads.events';

export interface SubscriberRow {
  [column: string]: string | null;
  /** The address's visitor stream: names it without holding it (a mail job names the subscriber by it). */
  stream_id: string;
  /** The address's subject (`lead:<keyed hash>`), so forgetting it finds the row without the address. */
  subject: string | null;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  requested_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

export function evolveSubscriberRow(row: SubscriberRow | undefined, event: RecordedEvent): SubscriberRow | null {
  const at = event.recordedAt.toISOString();
  const subject = event.metadata.sealedFor ?? row?.subject ?? null;
  // Recorded only when the address has no subscription (or it was forgotten since), as the fold reads it.
  if (SubscriptionRequested.is(event)) {
    return { stream_id: event.streamId, subject, status: 'pending', requested_at: at, confirmed_at: null, unsubscribed_at: null };
  }
  if (SubscriptionConfirmed.is(event)) {
    if (!row) return null;
    return { ...row, status: 'confirmed', confirmed_at: at, unsubscribed_at: null };
  }
  if (LeadCaptured.is(event) && isSubscription(event.data.page) && !row) {
    return { stream_id: event.streamId, subject, status: 'confirmed', requested_at: at, confirmed_at: at, unsubscribed_at: null };
  }
  return row ?? null;
}

export const subscribersProjection = rowProjection<SubscriberRow>({
  name: 'subscribers',
  mode: 'inline',
  table: 'subscribers',
  keyColumns: ['stream_id'],
  eventTypes: [SubscriptionRequested.type, SubscriptionConfirmed.type, LeadCaptured.type],
  key: (e) =>
    SubscriptionRequested.is(e) || SubscriptionConfirmed.is(e) || (LeadCaptured.is(e) && isSubscription(e.data.page)) ? { stream_id: e.streamId } : undefined,
  evolve: evolveSubscriberRow,
});

/** Forgetting an address: its subscriber row goes, and the confirmation links its mails carried with it. */
export const forgetSubscriber: Forget = async (tx, subject) => {
  await tx.query('DELETE FROM newsletter_confirmation_tokens WHERE stream_id IN (SELECT stream_id FROM subscribers WHERE subject = $1)', [subject]);
  await tx.query('DELETE FROM subscribers WHERE subject = $1', [subject]);
};
