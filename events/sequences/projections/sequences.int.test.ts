// The enrolments read model applied to many events at once, as a group commit's batch brings them: one statement
// for the captures, and the events' order kept around an exit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEQUENCE_SOURCES } from '../../../course/sequences';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { leadData, recorded } from '../../../tests/setup/recorded';
import { LeadCaptured, SubscriberBounced, Unsubscribed } from '../../leads/leads.events';
import { sequenceEnrolmentsProjection } from './sequences';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const source = SEQUENCE_SOURCES[0]!;
const capture = (stream: string, firstForSource = true) =>
  recorded(LeadCaptured.type, leadData({ page: source.page, section: source.section, firstForSource }), {
    streamId: stream,
    metadata: { sealedFor: `lead:${stream}` },
  });

describe('sequence enrolments over a batch of events', () => {
  it('enrols every first capture, ends only what came before an exit, and keeps a later capture open', async () => {
    const client = await db.pool.connect();
    let statements = 0;
    const counted = { query: ((...args: Parameters<typeof client.query>) => (statements++, client.query(...args))) as typeof client.query };
    try {
      await client.query('BEGIN');
      await sequenceEnrolmentsProjection.apply!(counted, [
        capture('visitor-a'),
        capture('visitor-b'),
        capture('visitor-b', false), // a second download of the same source: nothing new
        recorded(Unsubscribed.type, {}, { streamId: 'visitor-a' }),
        recorded(SubscriberBounced.type, {}, { streamId: 'visitor-c' }), // never enrolled: nothing to end
        capture('visitor-c'),
        capture('visitor-d'),
      ]);
      await client.query('COMMIT');
      // The captures before the exit in one insert, the two exits, the captures after them in one insert.
      expect(statements).toBe(4);
    } finally {
      client.release();
    }
    const { rows } = await db.pool.query<{ stream_id: string; subject: string; exit_reason: string | null }>(
      'SELECT stream_id, subject, exit_reason FROM sequence_enrolments ORDER BY stream_id',
    );
    expect(rows).toEqual([
      { stream_id: 'visitor-a', subject: 'lead:visitor-a', exit_reason: 'unsubscribed' },
      { stream_id: 'visitor-b', subject: 'lead:visitor-b', exit_reason: null },
      { stream_id: 'visitor-c', subject: 'lead:visitor-c', exit_reason: null },
      { stream_id: 'visitor-d', subject: 'lead:visitor-d', exit_reason: null },
    ]);
  });
});
