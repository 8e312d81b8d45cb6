// The subscribers read model (decision 0016): who receives letters. Those who subscribed through the form before
// double opt-in keep their status — migration 029 fills the table for them, and the projection's rule for a lone
// LeadCaptured of the form gives the same rows on a rebuild. Only confirmed subscribers are recipients.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createCatalog, projections } from '../../../events/registry';
import { handleCommand } from '../../../events/store/command';
import { createEventStore } from '../../../events/store/event-store';
import { rebuildProjections } from '../../../events/store/reader';
import { decideLeads, visitorFold, visitorStreamId, type LeadsCommand } from '../../../events/leads/leads';
import { confirmedSubscribers } from '../../../events/leads/queries';

let db: TestDatabase;

beforeAll(async () => {
  // The database as it was before double opt-in: every migration before 029.
  db = await createTestDatabase({ migrationsBefore: '029' });
});
afterAll(async () => {
  await db?.drop();
});

const form = { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' } as const;
const capture = (email: string, source: Pick<LeadsCommand & { type: 'CaptureLead' }, 'page' | 'section' | 'status'>): LeadsCommand => ({
  type: 'CaptureLead',
  email,
  nick: 'Ana',
  ...source,
});
const rows = async () => (await db.pool.query('SELECT * FROM subscribers ORDER BY stream_id')).rows;

it('keeps the form subscribers from before double opt-in as confirmed; only SubscriptionConfirmed confirms a new one', async () => {
  const catalog = createCatalog();
  // Before 029 the leads' projections write and the subscribers table (nor the later sequence_enrolments) does not exist.
  const later = ['subscribers', 'sequence_enrolments'];
  const old = createEventStore({ pool: db.pool, catalog, projections: projections.filter((p) => !p.tables.some((table) => later.includes(table))) });
  const write = (email: string, command: LeadsCommand, store = old) =>
    handleCommand(store, visitorStreamId(email), visitorFold, (state) => ({ events: decideLeads(command, state).events }));
  // An old subscriber's single LeadCaptured, as the form wrote it then (no SubscriptionRequested).
  await handleCommand(old, visitorStreamId('antigua@example.com'), visitorFold, () => ({
    events: [
      {
        type: 'LeadCaptured',
        data: { email: 'antigua@example.com', nick: 'Antigua', ...form, firstForSource: true },
      },
    ],
  }));
  await write('descarga@example.com', capture('descarga@example.com', { page: 'niveles', section: 'pdf', status: 'downloaded' }));

  await migrate(db.pool);

  const backfilled = await rows();
  expect(backfilled).toEqual([
    {
      stream_id: visitorStreamId('antigua@example.com'),
      subject: expect.stringMatching(/^lead:[0-9a-f]{64}$/),
      status: 'confirmed',
      requested_at: expect.any(Date),
      confirmed_at: backfilled[0]!.requested_at,
      unsubscribed_at: null,
      bounced_at: null,
      source: 'Newsletter Archive',
    },
  ]);

  // Today's store: a new subscription waits for its link; a confirmed one is a recipient.
  const store = createEventStore({ pool: db.pool, catalog, projections });
  await write('pendiente@example.com', capture('pendiente@example.com', form), store);
  await write('nueva@example.com', capture('nueva@example.com', form), store);
  await write('nueva@example.com', { type: 'ConfirmSubscription' }, store);
  expect(await confirmedSubscribers(db.pool)).toEqual([
    { streamId: visitorStreamId('antigua@example.com'), confirmedAt: expect.any(Date) },
    { streamId: visitorStreamId('nueva@example.com'), confirmedAt: expect.any(Date) },
  ]);
  expect((await rows()).find((r) => r.stream_id === visitorStreamId('pendiente@example.com'))).toMatchObject({ status: 'pending', confirmed_at: null });

  // A rebuild from the log gives the same rows as the migration and the live projection left.
  const live = await rows();
  await rebuildProjections(db.pool, catalog, projections);
  expect(await rows()).toEqual(live);
});
