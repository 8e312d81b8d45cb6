// Newsletter subscribers written through the event store as the form and the confirmation link write them
// (SubscriptionRequested and LeadCaptured, then SubscriptionConfirmed), many streams per transaction.
import { visitorStreamId } from '../../events/leads/leads';
import { LeadCaptured, SubscriptionConfirmed, SubscriptionRequested } from '../../events/leads/leads.events';
import type { EventStore } from '../../events/store/event-store';

/** `n` addresses `<prefix>-<i>@example.com`, confirmed unless `confirmed: false` (then pending); returns them. */
export async function addSubscribers(store: EventStore, prefix: string, n: number, { confirmed = true } = {}): Promise<string[]> {
  const emails = Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.com`);
  for (let start = 0; start < n; start += 200) {
    await store.appendMany(
      emails.slice(start, start + 200).map((email) => ({
        streamId: visitorStreamId(email),
        expectedVersion: 0,
        events: [
          SubscriptionRequested.create({ email }),
          LeadCaptured.create({
            email,
            nick: 'Ana',
            page: 'Newsletter Archive',
            section: 'Subscription Form',
            status: 'Subscribed via Form',
            firstForSource: true,
          }),
          ...(confirmed ? [SubscriptionConfirmed.create({})] : []),
        ],
      })),
    );
  }
  return emails;
}
