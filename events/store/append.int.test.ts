// Appending against PostgreSQL: the version claim, retries and conflicts, writes across streams, imports,
// the Idempotency-Key check, and what commits with the events (inline projections, the caller's writes, jobs).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../tests/setup/db';
import { noted, notedStore, Noted } from '../../tests/setup/event-store';
import { EventCatalog, InvalidEventError } from './catalog';
import { ConcurrencyError, createEventStore, IdempotencyKeyReusedError, type EventStore } from './event-store';
import { rowProjection } from './projection';
import type { RequestKey } from './types';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  ({ db, store } = await notedStore());
});
afterAll(() => db.drop());

const eventsIn = async (stream: string) =>
  Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE stream_id = $1', [stream])).rows[0]!.n);

describe('append', () => {
  it('refuses a write at a stale expected version with a conflict, and writes nothing', async () => {
    const stream = `test-${randomUUID()}`;
    await store.append(stream, [noted(1)], { expectedVersion: 0 });
    await expect(store.append(stream, [noted(2)], { expectedVersion: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
    const err = await store.append(stream, [noted(2)], { expectedVersion: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConcurrencyError);
    expect((err as ConcurrencyError).actual).toBe(1);
    expect((err as ConcurrencyError).status).toBe(409);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('treats a retry with the same event ids as success without writing twice', async () => {
    const stream = `test-${randomUUID()}`;
    const ids = [randomUUID(), randomUUID()];
    const first = await store.append(stream, [noted(1, ids[0]), noted(2, ids[1])], { expectedVersion: 0 });
    const retry = await store.append(stream, [noted(1, ids[0]), noted(2, ids[1])], { expectedVersion: 0 });
    expect(first.idempotent).toBe(false);
    expect(retry.idempotent).toBe(true);
    expect(retry.nextVersion).toBe(2);
    expect(retry.events.map((e) => e.eventId)).toEqual(ids);
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('lets concurrent retries of one request race: exactly one write, every caller told success', async () => {
    const stream = `test-${randomUUID()}`;
    const id = randomUUID();
    const results = await Promise.all(Array.from({ length: 6 }, () => store.append(stream, [noted(7, id)], { expectedVersion: 'any' })));
    expect(results.filter((r) => !r.idempotent)).toHaveLength(1);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('refuses to reuse an event id for different events', async () => {
    const id = randomUUID();
    await store.append(`test-${randomUUID()}`, [noted(1, id)], { expectedVersion: 0 });
    await expect(store.append(`test-${randomUUID()}`, [noted(1, id)], { expectedVersion: 0 })).rejects.toMatchObject({ status: 409 });
  });

  it('refuses an event whose payload does not match its schema, or an unknown type, and writes nothing', async () => {
    const stream = `test-${randomUUID()}`;
    await expect(store.append(stream, [Noted.create({ n: 1.5 })], { expectedVersion: 0 })).rejects.toBeInstanceOf(InvalidEventError);
    await expect(store.append(stream, [{ type: 'Noted', data: { n: 1, extra: true } }], { expectedVersion: 0 })).rejects.toBeInstanceOf(InvalidEventError);
    await expect(store.append(stream, [{ type: 'Unheard', data: {} }], { expectedVersion: 'any' })).rejects.toBeInstanceOf(InvalidEventError);
    expect(await store.streamVersion(stream)).toBe(0);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [stream]);
    expect(rows[0].n).toBe(0);
  });
});

describe('writes across streams', () => {
  it('appends to several streams in one transaction: all or nothing', async () => {
    const claim = `claim-${randomUUID()}`;
    const owner = `owner-${randomUUID()}`;
    const [a, b] = await store.appendMany([
      { streamId: claim, events: [noted(1)], expectedVersion: 0 },
      { streamId: owner, events: [noted(2), noted(3)], expectedVersion: 'any' },
    ]);
    expect([a!.nextVersion, b!.nextVersion]).toEqual([1, 2]);
    expect(a!.events[0]!.transactionId).toBe(b!.events[0]!.transactionId);

    // A second claim fails on the first stream: the other stream's events are not written either.
    const other = `owner-${randomUUID()}`;
    await expect(
      store.appendMany([
        { streamId: other, events: [noted(4)], expectedVersion: 'any' },
        { streamId: claim, events: [noted(5)], expectedVersion: 0 },
      ]),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream(other)).toEqual([]);
    expect(await store.streamVersion(claim)).toBe(1);
  });

  it('treats a retry with the same event ids as success, and concurrent twins write once', async () => {
    const claim = `claim-${randomUUID()}`;
    const owner = `owner-${randomUUID()}`;
    const ids = [randomUUID(), randomUUID()];
    const write = () =>
      store.appendMany([
        { streamId: claim, events: [noted(1, ids[0])], expectedVersion: 0 },
        { streamId: owner, events: [noted(2, ids[1])], expectedVersion: 'any' },
      ]);
    const results = await Promise.all([write(), write(), write()]);
    expect(results.filter((r) => !r[0]!.idempotent)).toHaveLength(1);
    expect(results.every((r) => r[1]!.events[0]!.eventId === ids[1])).toBe(true);
    expect(await store.readStream(owner)).toHaveLength(1);
    expect(await store.readStream(claim)).toHaveLength(1);
  });

  it('names the stream with an expected version when a write across streams conflicts', async () => {
    const claimed = `claim-${randomUUID()}`;
    await store.append(claimed, [noted(1)], { expectedVersion: 0 });
    const err = await store
      .appendMany([
        { streamId: `owner-${randomUUID()}`, events: [noted(2)], expectedVersion: 'any' },
        { streamId: claimed, events: [noted(3)], expectedVersion: 0 },
      ])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConcurrencyError);
    expect(err).toMatchObject({ streamId: claimed, expected: 0, actual: 1 });
  });
});

describe('imports of historical events', () => {
  it('keep the time they happened when the importer says so; live writes use the database clock', async () => {
    const stream = `import-${randomUUID()}`;
    const then = new Date('2026-08-24T09:30:00.000Z');
    const imported = await store.append(stream, [noted(1)], { expectedVersion: 0, recordedAt: then });
    expect(imported.events[0]!.recordedAt.toISOString()).toBe(then.toISOString());
    const live = await store.append(stream, [noted(2)], { expectedVersion: 1 });
    expect(Date.now() - live.events[0]!.recordedAt.getTime()).toBeLessThan(60_000);
    const read = await store.readStream(stream);
    expect(read.map((e) => e.recordedAt.toISOString())).toEqual([then.toISOString(), live.events[0]!.recordedAt.toISOString()]);
  });
});

describe('writes under an Idempotency-Key: the same request is a retry, another one is refused', () => {
  const keyFor = (digest: string): RequestKey => ({ firstEventId: randomUUID(), digest });
  const numbers = async (stream: string) => (await store.readStream(stream)).map((e) => (e.data as { n: number }).n);

  it('stores the digest with the events; a retry returns the first write; another digest gets 422 and nothing is written', async () => {
    const stream = `test-${randomUUID()}`;
    const elsewhere = `test-${randomUUID()}`;
    const key = keyFor('digest-a');
    const write = (n: number, k: RequestKey, on = stream) => store.append(on, [noted(n, k.firstEventId)], { expectedVersion: 'any', key: k });
    const first = await write(1, key);
    expect(first.events[0]!.metadata.request).toBe('digest-a');
    const retried = { idempotent: true, events: [{ eventId: key.firstEventId, streamId: stream, data: { n: 1 } }] };
    expect(await write(1, key)).toMatchObject(retried);
    // The same request naming another stream (one the server made up for it, like a new visitor id) is the same request.
    expect(await write(1, key, elsewhere)).toMatchObject(retried);
    for (const on of [stream, elsewhere]) {
      const err = await write(2, { ...key, digest: 'digest-b' }, on).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IdempotencyKeyReusedError);
      expect(err).toMatchObject({ status: 422 });
    }
    expect(await numbers(stream)).toEqual([1]);
    expect(await numbers(elsewhere)).toEqual([]);
    expect((await store.findWrite(key.firstEventId))?.map((e) => e.data)).toEqual([{ n: 1 }]);
    expect(await store.findWrite(randomUUID())).toBeUndefined();
  });

  it('two requests racing under one key (batched together or not): one is written, the other refused', async () => {
    const stream = `test-${randomUUID()}`;
    const key = keyFor('digest-1');
    const outcomes = await Promise.allSettled(
      [1, 2, 1, 2].map((n) => store.append(stream, [noted(n, key.firstEventId)], { expectedVersion: 'any', key: { ...key, digest: `digest-${n}` } })),
    );
    const stored = await numbers(stream);
    expect(stored).toHaveLength(1);
    const winner = stored[0]!;
    outcomes.forEach((o, i) => {
      const n = [1, 2, 1, 2][i];
      if (n === winner) expect(o.status).toBe('fulfilled');
      else expect(o.status === 'rejected' && o.reason).toBeInstanceOf(IdempotencyKeyReusedError);
    });
  });
});

describe('what commits with the events', () => {
  // A read model (one row per stream) and a table standing in for the job queue.
  let withJobs: EventStore;
  let jobsFail = false;
  beforeAll(async () => {
    await db.pool.query('CREATE TABLE noted_rows (stream_id text PRIMARY KEY, last integer NOT NULL)');
    await db.pool.query('CREATE TABLE queued (name text NOT NULL, stream_id text NOT NULL)');
    const rows = rowProjection<{ stream_id: string; last: number }>({
      name: 'noted_rows',
      mode: 'inline',
      table: 'noted_rows',
      keyColumns: ['stream_id'],
      eventTypes: ['Noted'],
      key: (e) => ({ stream_id: e.streamId }),
      evolve: (_row, e) => ({ stream_id: e.streamId, last: (e.data as { n: number }).n }),
    });
    withJobs = createEventStore({
      pool: db.pool,
      catalog: new EventCatalog([Noted]),
      projections: [rows],
      enqueue: async (tx, jobs) => {
        if (jobsFail) throw new Error('queue unavailable');
        for (const job of jobs) await tx.query('INSERT INTO queued (name, stream_id) VALUES ($1, $2)', [job.name, (job.data as { stream: string }).stream]);
      },
    });
  });
  const rowOf = async (stream: string) => (await db.pool.query('SELECT last FROM noted_rows WHERE stream_id = $1', [stream])).rows[0];
  const queuedFor = async (stream: string) => (await db.pool.query('SELECT name FROM queued WHERE stream_id = $1', [stream])).rows.map((r) => r.name);

  it('writes the read model, then the caller’s own writes, then the jobs, in the append’s transaction', async () => {
    const stream = `test-${randomUUID()}`;
    let seenByCaller: unknown;
    await withJobs.append(stream, [noted(1), noted(2)], {
      expectedVersion: 0,
      jobs: [{ name: 'mail', data: { stream } }],
      alsoInTransaction: async (tx) => {
        seenByCaller = (await tx.query('SELECT last FROM noted_rows WHERE stream_id = $1', [stream])).rows[0];
      },
    });
    expect(seenByCaller).toEqual({ last: 2 });
    expect(await rowOf(stream)).toEqual({ last: 2 });
    expect(await queuedFor(stream)).toEqual(['mail']);
  });

  it('writes nothing — events, read model or jobs — when the caller’s writes fail', async () => {
    const stream = `test-${randomUUID()}`;
    const failing = withJobs.append(stream, [noted(1)], {
      expectedVersion: 0,
      jobs: [{ name: 'mail', data: { stream } }],
      alsoInTransaction: async () => {
        throw new Error('taken');
      },
    });
    await expect(failing).rejects.toThrow('taken');
    expect(await eventsIn(stream)).toBe(0);
    expect(await rowOf(stream)).toBeUndefined();
    expect(await queuedFor(stream)).toEqual([]);
  });

  it('writes nothing when its jobs cannot be enqueued, alone or group-committed', async () => {
    jobsFail = true;
    try {
      const streams = [`test-${randomUUID()}`, `test-${randomUUID()}`];
      const results = await Promise.allSettled(
        streams.map((s) => withJobs.append(s, [noted(1)], { expectedVersion: 0, jobs: [{ name: 'mail', data: { stream: s } }] })),
      );
      expect(results.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['queue unavailable', 'queue unavailable']);
      for (const s of streams) {
        expect(await eventsIn(s)).toBe(0);
        expect(await rowOf(s)).toBeUndefined();
      }
    } finally {
      jobsFail = false;
    }
  });

  it('refuses a write with jobs on a store that cannot enqueue, before writing anything', async () => {
    const stream = `test-${randomUUID()}`;
    await expect(store.append(stream, [noted(1)], { expectedVersion: 0, jobs: [{ name: 'mail', data: {} }] })).rejects.toThrow('no enqueue function');
    expect(await eventsIn(stream)).toBe(0);
  });
});
