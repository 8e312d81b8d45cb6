// Personal fields in the log, with two processes' stores on one database: sealed at rest, opened on read, and a
// person forgotten by one process reads as redacted in the other at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { UserRegistered, learnerStreamId } from '../accounts/accounts.events';
import { LeadCaptured } from '../leads/leads.events';
import { createCatalog } from '../registry';
import { createEventStore, type EventStore } from './event-store';
import { REDACTED, userSubject, leadSubject } from './sealing';
import pg from 'pg';

let db: TestDatabase;
let otherPool: pg.Pool;
let a: EventStore;
let b: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  otherPool = new pg.Pool({ connectionString: db.url, max: 5 });
  a = createEventStore({ pool: db.pool, catalog: createCatalog() });
  b = createEventStore({ pool: otherPool, catalog: createCatalog() });
});
afterAll(async () => {
  await otherPool.end();
  await db.drop();
});

const register = (userId: string, email: string) => UserRegistered.create({ userId, username: `ana_${userId.slice(0, 6)}`, email });

async function rawData(streamId: string): Promise<string> {
  const { rows } = await db.pool.query<{ data: unknown; metadata: unknown }>('SELECT data, metadata FROM events WHERE stream_id = $1', [streamId]);
  return JSON.stringify(rows);
}

async function forget(store: EventStore, subjectId: string) {
  const client = await db.pool.connect();
  try {
    await store.keyring.forget(client, [subjectId]);
  } finally {
    client.release();
  }
}

describe('sealed personal fields', () => {
  it('stores them sealed and opens them for every process', async () => {
    const userId = randomUUID();
    await a.append(learnerStreamId(userId), [register(userId, 'ana.sellada@example.com')], { expectedVersion: 0 });
    const raw = await rawData(learnerStreamId(userId));
    expect(raw).not.toContain('ana.sellada');
    expect(raw).toContain(`"sealedFor":"user:${userId}"`);
    for (const store of [a, b]) {
      const [event] = await store.readStream(learnerStreamId(userId));
      expect(event!.data).toMatchObject({ email: 'ana.sellada@example.com' });
      expect(event!.redacted).toBeUndefined();
    }
  });

  it('a person forgotten by one process reads as redacted in the other at once, and stays forgotten', async () => {
    const userId = randomUUID();
    const stream = learnerStreamId(userId);
    await a.append(stream, [register(userId, 'beto@example.com')], { expectedVersion: 0 });
    expect((await b.readStream(stream))[0]!.data).toMatchObject({ email: 'beto@example.com' });
    await forget(a, await a.keyring.subjectId(userSubject(userId)));
    const [event] = await b.readStream(stream);
    expect(event!.redacted).toBe(true);
    expect(event!.data).toMatchObject({ email: REDACTED, username: REDACTED, userId });
    // A write about them that arrives late (a job) is born unreadable: no new key is made for a forgotten learner.
    await b.append(stream, [register(userId, 'beto.tarde@example.com')], { expectedVersion: 'any' });
    expect((await a.readStream(stream)).map((e) => e.redacted)).toEqual([true, true]);
  });

  it('two processes making the first key of one person at once end up with one key', async () => {
    const userId = randomUUID();
    const stream = learnerStreamId(userId);
    await Promise.all([
      a.append(stream, [register(userId, 'carla@example.com')], { expectedVersion: 'any' }),
      b.append(stream, [register(userId, 'carla@example.com')], { expectedVersion: 'any' }),
    ]);
    const events = await a.readStream(stream);
    expect(events.map((e) => [e.redacted, (e.data as { email: string }).email])).toEqual([
      [undefined, 'carla@example.com'],
      [undefined, 'carla@example.com'],
    ]);
  });

  it('a lead address has one key across visitor streams; forgotten, it can come back under a new one', async () => {
    const capture = (email: string) =>
      LeadCaptured.create({ email, nick: 'Dora', page: 'nostalgia', section: 'fragmento', status: 'downloaded', firstForSource: true });
    await a.append('visitor-one', [capture('Dora@Example.com')], { expectedVersion: 'any' });
    await b.append('visitor-two', [capture('DORA@example.com')], { expectedVersion: 'any' });
    const subject = await a.keyring.subjectId(leadSubject('dora@example.com'));
    expect(subject).toMatch(/^lead:[0-9a-f]{64}$/);
    expect(await rawData('visitor-two')).toContain(subject);
    await forget(b, subject);
    expect((await a.readStream('visitor-one'))[0]!.redacted).toBe(true);
    await b.append('visitor-one', [capture('dora@example.com')], { expectedVersion: 'any' });
    expect((await a.readStream('visitor-one')).map((e) => e.redacted ?? false)).toEqual([true, false]);
  });
});
