import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createCatalog, projections } from '../registry';
import { decideCaptureLead, evolveVisitor, initialVisitorState, visitorStreamId } from '../leads/leads';
import { EventCatalog, defineEvent, InvalidEventError } from './catalog';
import { handleCommand } from './command';
import { ConcurrencyError, createEventStore, IdempotencyKeyReusedError, type EventStore } from './event-store';
import { rowProjection, type Projection } from './projection';
import type { RecordedEvent, RequestKey } from './types';
import { catchUp, rebuildProjections } from './reader';

const Noted = defineEvent('Noted', 1, z.strictObject({ n: z.number().int() }));
const noted = (n: number, eventId?: string) => Noted.create({ n }, { eventId });

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 30 });
  store = createEventStore({ pool: db.pool, catalog: new EventCatalog([Noted]) });
});
afterAll(() => db.drop());

describe('append and read', () => {
  it('appends events at consecutive stream positions and reads them back in order', async () => {
    const stream = `test-${randomUUID()}`;
    const first = await store.append(stream, [noted(1), noted(2)], { expectedVersion: 0 });
    const second = await store.append(stream, [noted(3)], { expectedVersion: 2 });
    expect(first.nextVersion).toBe(2);
    expect(second.nextVersion).toBe(3);
    const events = await store.readStream(stream);
    expect(events.map((e) => [e.streamPosition, e.type, e.data])).toEqual([
      [1, 'Noted', { n: 1 }],
      [2, 'Noted', { n: 2 }],
      [3, 'Noted', { n: 3 }],
    ]);
    expect(events[0]!.globalPosition).toBeLessThan(events[2]!.globalPosition);
    expect(await store.readStream(stream, { upTo: 2 })).toHaveLength(2);
    expect(await store.streamVersion(stream)).toBe(3);
  });

  it('reads the whole log page by page in commit order, each event once', async () => {
    const a = `test-${randomUUID()}`;
    const b = `test-${randomUUID()}`;
    await store.append(a, [noted(1)], { expectedVersion: 0 });
    await store.append(b, [noted(2), noted(3)], { expectedVersion: 0 });
    await store.append(a, [noted(4)], { expectedVersion: 1 });
    const pages: number[][] = [];
    let after;
    for (;;) {
      const page = await store.readAll({ after, limit: 2 });
      if (page.length === 0) break;
      pages.push(page.filter((e) => e.streamId === a || e.streamId === b).map((e) => (e.data as { n: number }).n));
      after = page.at(-1);
    }
    expect(pages.flat()).toEqual([1, 2, 3, 4]);
  });

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
    const results = await Promise.all(
      Array.from({ length: 6 }, () => store.append(stream, [noted(7, id)], { expectedVersion: 'any' })),
    );
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

describe('concurrency', () => {
  it('8 concurrent writers to one stream end at positions 1..N with no gap and no lost event', async () => {
    const stream = `test-${randomUUID()}`;
    const perWriter = 25;
    const writers = Array.from({ length: 8 }, (_, w) =>
      (async () => {
        for (let i = 0; i < perWriter; i++) {
          // Half append blindly, half decide on what they read and retry on conflict.
          if (w % 2 === 0) await store.append(stream, [noted(w * 1000 + i)], { expectedVersion: 'any' });
          else
            await handleCommand(store, stream, { initial: 0, evolve: (s) => s + 1 }, () => ({ events: [noted(w * 1000 + i)] }), {
              retries: 1000,
            });
        }
      })(),
    );
    await Promise.all(writers);
    const events = await store.readStream(stream);
    const total = 8 * perWriter;
    expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(new Set(events.map((e) => (e.data as { n: number }).n)).size).toBe(total);
    expect(await store.streamVersion(stream)).toBe(total);
  });
});

describe('group commit: single-stream appends that arrive together share one transaction', () => {
  // A projection keeping one row per stream, with a unique "label" a write can collide on (like an e-mail).
  let grouped: EventStore;
  beforeAll(async () => {
    await db.pool.query('CREATE TABLE labelled (stream_id text PRIMARY KEY, label text NOT NULL UNIQUE, notes integer NOT NULL)');
    const labelled = rowProjection<{ stream_id: string; label: string; notes: number }>({
      name: 'labelled',
      mode: 'inline',
      table: 'labelled',
      keyColumns: ['stream_id'],
      eventTypes: ['Noted'],
      key: (e) => ({ stream_id: e.streamId }),
      evolve: (row, e) => ({ stream_id: e.streamId, label: `n${(e.data as { n: number }).n}`, notes: (row?.notes ?? 0) + 1 }),
    });
    grouped = createEventStore({ pool: db.pool, catalog: new EventCatalog([Noted]), projections: [labelled], groupCommit: { batches: 1 } });
  });
  const rowOf = async (stream: string) => (await db.pool.query('SELECT label, notes FROM labelled WHERE stream_id = $1', [stream])).rows[0];

  it('writes 40 streams at once in fewer transactions, each with its own events and read model', async () => {
    const streams = Array.from({ length: 40 }, () => `test-${randomUUID()}`);
    const first = await Promise.all(streams.map((s, i) => grouped.append(s, [noted(10_000 + i)], { expectedVersion: 0 })));
    const second = await Promise.all(streams.map((s, i) => grouped.append(s, [noted(20_000 + i)], { expectedVersion: 1 })));
    expect(new Set(first.map((r) => r.events[0]!.transactionId)).size).toBeLessThan(streams.length);
    expect(second.map((r) => r.nextVersion)).toEqual(streams.map(() => 2));
    for (const [i, s] of streams.entries()) {
      expect((await grouped.readStream(s)).map((e) => (e.data as { n: number }).n)).toEqual([10_000 + i, 20_000 + i]);
      expect(await rowOf(s)).toEqual({ label: `n${20_000 + i}`, notes: 2 });
    }
  });

  it('gives each write of a batch its own outcome: a stale version is a conflict, a retry is stored, the rest are written', async () => {
    const [a, b, c] = [`test-${randomUUID()}`, `test-${randomUUID()}`, `test-${randomUUID()}`];
    const retried = randomUUID();
    await grouped.append(a, [noted(30_001)], { expectedVersion: 0 });
    await grouped.append(b, [noted(30_002, retried)], { expectedVersion: 0 });
    // Same turn of the event loop: one batch.
    const [stale, retry, fresh] = await Promise.allSettled([
      grouped.append(a, [noted(30_003)], { expectedVersion: 0 }),
      grouped.append(b, [noted(30_002, retried)], { expectedVersion: 0 }),
      grouped.append(c, [noted(30_004)], { expectedVersion: 0 }),
    ]);
    expect(stale.status === 'rejected' && stale.reason).toBeInstanceOf(ConcurrencyError);
    expect(stale.status === 'rejected' && (stale.reason as ConcurrencyError).actual).toBe(1);
    expect(retry.status === 'fulfilled' && retry.value).toMatchObject({ idempotent: true, nextVersion: 1 });
    expect(fresh.status === 'fulfilled' && fresh.value.events[0]!.streamPosition).toBe(1);
    expect((await grouped.readStream(a)).map((e) => (e.data as { n: number }).n)).toEqual([30_001]);
    expect(await grouped.readStream(b)).toHaveLength(1);
    expect(await rowOf(c)).toEqual({ label: 'n30004', notes: 1 });
  });

  it('fails only the write that breaks a read model, when a batch cannot commit', async () => {
    const streams = Array.from({ length: 6 }, () => `test-${randomUUID()}`);
    // Streams 2 and 4 both claim the label n40000: the first to be written keeps it, the other fails.
    const results = await Promise.allSettled(streams.map((s, i) => grouped.append(s, [noted(i === 2 || i === 4 ? 40_000 : 40_000 + 1 + i)], { expectedVersion: 0 })));
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
    expect(failed).toHaveLength(1);
    expect([2, 4]).toContain(failed[0]);
    expect((results[failed[0]!] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    for (const [i, s] of streams.entries()) {
      expect(await grouped.readStream(s)).toHaveLength(i === failed[0] ? 0 : 1);
      expect(await rowOf(s)).toEqual(i === failed[0] ? undefined : expect.objectContaining({ notes: 1 }));
    }
  });

  it('commits a large write (over 20 events) on its own, beside a batch of small ones', async () => {
    const [big, small1, small2] = [`test-${randomUUID()}`, `test-${randomUUID()}`, `test-${randomUUID()}`];
    const many = Array.from({ length: 30 }, (_, i) => noted(60_000 + i));
    const [b, s1, s2] = await Promise.all([
      grouped.append(big, many, { expectedVersion: 0 }),
      grouped.append(small1, [noted(61_001)], { expectedVersion: 0 }),
      grouped.append(small2, [noted(61_002)], { expectedVersion: 0 }),
    ]);
    expect(s1.events[0]!.transactionId).toBe(s2.events[0]!.transactionId);
    expect(b.events[0]!.transactionId).not.toBe(s1.events[0]!.transactionId);
    expect(b.nextVersion).toBe(30);
    expect(await rowOf(big)).toEqual({ label: 'n60029', notes: 30 });
  });

  it('writes two appends to one stream in order, in successive batches', async () => {
    const stream = `test-${randomUUID()}`;
    const [one, two] = await Promise.all([
      grouped.append(stream, [noted(50_001)], { expectedVersion: 'any' }),
      grouped.append(stream, [noted(50_002)], { expectedVersion: 'any' }),
    ]);
    expect([one.nextVersion, two.nextVersion]).toEqual([1, 2]);
    expect(one.events[0]!.transactionId).not.toBe(two.events[0]!.transactionId);
    expect(await rowOf(stream)).toEqual({ label: 'n50002', notes: 2 });
  });
});

describe('handleCommand keeps the folded state of the streams it handled', () => {
  // "Another process" is the store used directly: this process's snapshot does not see its writes.
  const lastN = { initial: 0, evolve: (_: number, e: RecordedEvent) => (e.data as { n: number }).n };

  it('decides on the snapshot without reading the stream again, and reads only the new tail after a conflict', async () => {
    const stream = `test-${randomUUID()}`;
    const reads: Array<{ after?: number }> = [];
    const spied: EventStore = { ...store, readStream: (id, options) => (reads.push({ ...options }), store.readStream(id, options)) };
    await handleCommand(spied, stream, lastN, () => ({ events: [noted(1)] }));
    await handleCommand(spied, stream, lastN, (last) => ({ events: [noted(last + 1)] }));
    expect(reads).toEqual([{ after: 0 }]); // the first command read the (empty) stream; the second none
    await store.append(stream, [noted(10)], { expectedVersion: 2 });
    const result = await handleCommand(spied, stream, lastN, (last) => ({ events: [noted(last + 1)] }));
    expect(reads).toEqual([{ after: 0 }, { after: 2 }]);
    expect(result.events.map((e) => [e.streamPosition, e.data])).toEqual([[4, { n: 11 }]]);
    expect((await store.readStream(stream)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 10, 11]);
  });

  it('decides a usually-new stream without reading it, and still decides on the real stream when it exists', async () => {
    const reads: string[] = [];
    const spied: EventStore = { ...store, readStream: (id, options) => (reads.push(id), store.readStream(id, options)) };
    const fresh = `test-${randomUUID()}`;
    const created = await handleCommand(spied, fresh, lastN, (last) => ({ events: [noted(last + 1)] }), { usuallyNew: true });
    expect(reads).toEqual([]);
    expect(created.events.map((e) => e.data)).toEqual([{ n: 1 }]);
    // Written elsewhere before this process saw it: the append conflicts, the stream is read, the
    // decision is taken again on what is really there.
    const existing = `test-${randomUUID()}`;
    await store.append(existing, [noted(41)], { expectedVersion: 0 });
    const next = await handleCommand(spied, existing, lastN, (last) => ({ events: [noted(last + 1)] }), { usuallyNew: true });
    expect(reads).toEqual([existing]);
    expect((await store.readStream(existing)).map((e) => (e.data as { n: number }).n)).toEqual([41, 42]);
    expect(next.nextVersion).toBe(2);
  });

  it('confirms a decision to record nothing against the stream: a value changed elsewhere is saved again', async () => {
    const stream = `test-${randomUUID()}`;
    const setTo = (n: number) => (last: number) => ({ events: last === n ? [] : [noted(n)] });
    await handleCommand(store, stream, lastN, setTo(5));
    await store.append(stream, [noted(7)], { expectedVersion: 1 });
    // The snapshot still says 5: saving 5 must not be taken for "unchanged".
    const result = await handleCommand(store, stream, lastN, setTo(5));
    expect(result.events).toHaveLength(1);
    expect((await store.readStream(stream)).map((e) => (e.data as { n: number }).n)).toEqual([5, 7, 5]);
    // Now it is unchanged: nothing is written.
    const again = await handleCommand(store, stream, lastN, setTo(5));
    expect(again).toMatchObject({ events: [], nextVersion: 3 });
  });

  it('confirms a refusal against the stream: what was unlocked elsewhere is allowed', async () => {
    const stream = `test-${randomUUID()}`;
    await handleCommand(store, stream, lastN, () => ({ events: [noted(1)] }));
    await store.append(stream, [noted(100)], { expectedVersion: 1 }); // the unlock, written elsewhere
    const result = await handleCommand(store, stream, lastN, (last) => {
      if (last < 100) throw new Error('locked');
      return { events: [noted(101)] };
    });
    expect(result.nextVersion).toBe(3);
    await expect(handleCommand(store, stream, lastN, () => { throw new Error('still refused'); })).rejects.toThrow('still refused');
  });
});

describe('writes under an Idempotency-Key: the same request is a retry, another one is refused', () => {
  const lastN = { initial: 0, evolve: (_: number, e: RecordedEvent) => (e.data as { n: number }).n };
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

  it('handleCommand answers a retry with the first write and the state right after it, also when the decision now refuses or records nothing', async () => {
    const stream = `test-${randomUUID()}`;
    const key = keyFor('set-to-5');
    const setTo = (n: number, k?: RequestKey) => (last: number) => ({ events: last === n ? [] : [noted(n, k?.firstEventId)] });
    const first = await handleCommand(store, stream, lastN, setTo(5, key), { key });
    expect(first).toMatchObject({ idempotent: false, state: 5 });
    await handleCommand(store, stream, lastN, setTo(7));

    const retried = await handleCommand(store, stream, lastN, setTo(5, key), { key });
    expect(retried).toMatchObject({ idempotent: true, state: 5, nextVersion: 1, events: [{ data: { n: 5 } }] });
    const refusedNow = await handleCommand(store, stream, lastN, () => { throw new Error('locked now'); }, { key });
    expect(refusedNow).toMatchObject({ idempotent: true, state: 5 });
    await handleCommand(store, stream, lastN, setTo(5));
    const nothingNow = await handleCommand(store, stream, lastN, setTo(5, key), { key });
    expect(nothingNow).toMatchObject({ idempotent: true, state: 5, nextVersion: 1 });

    // Another request under the key: refused, whatever its decision would be on its own.
    const other = { ...key, digest: 'set-to-7' };
    await expect(handleCommand(store, stream, lastN, setTo(9, other), { key: other })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(handleCommand(store, stream, lastN, setTo(5, other), { key: other })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(handleCommand(store, stream, lastN, () => { throw new Error('locked'); }, { key: other })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await numbers(stream)).toEqual([5, 7, 5]);
    // Without a key, a refusal is a refusal.
    await expect(handleCommand(store, stream, lastN, () => { throw new Error('still refused'); })).rejects.toThrow('still refused');
  });
});

describe('the log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on events', async () => {
    const stream = `test-${randomUUID()}`;
    await store.append(stream, [noted(1)], { expectedVersion: 0 });
    await expect(db.pool.query(`UPDATE events SET data = '{"n":2}' WHERE stream_id = $1`, [stream])).rejects.toThrow(/immutable/);
    await expect(db.pool.query('DELETE FROM events WHERE stream_id = $1', [stream])).rejects.toThrow(/immutable/);
    await expect(db.pool.query('TRUNCATE events CASCADE')).rejects.toThrow(/immutable/);
    expect((await store.readStream(stream))[0]!.data).toEqual({ n: 1 });
  });
});

describe('async projections', () => {
  it('see every event exactly once when transactions commit out of order', async () => {
    await db.pool.query('CREATE TABLE seen_events (event_id uuid PRIMARY KEY, times integer NOT NULL)');
    const seen = rowProjection<{ event_id: string; times: number }>({
      name: 'seen_events',
      mode: 'async',
      table: 'seen_events',
      keyColumns: ['event_id'],
      eventTypes: ['Noted'],
      key: (e) => ({ event_id: e.eventId }),
      evolve: (row, e) => ({ event_id: e.eventId, times: (row?.times ?? 0) + 1 }),
    });

    // An inline projection that holds its append's transaction open until we let it go.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const holding: Projection = {
      name: 'gate',
      mode: 'inline',
      tables: [],
      eventTypes: ['Noted'],
      async apply(_tx, events) {
        if ((events[0]!.data as { n: number }).n === -1) {
          entered();
          await gate;
        }
      },
    };
    const catalog = new EventCatalog([Noted]);
    const gated = createEventStore({ pool: db.pool, catalog, projections: [holding] });

    const seenIds = async () =>
      new Map((await db.pool.query<{ event_id: string; times: number }>('SELECT event_id, times FROM seen_events')).rows.map((r) => [r.event_id, r.times]));

    const slow = gated.append(`test-${randomUUID()}`, [noted(-1)], { expectedVersion: 0 }); // earlier position, commits last
    await inside;
    let fast: Awaited<ReturnType<typeof gated.append>>;
    try {
      fast = await gated.append(`test-${randomUUID()}`, [noted(2)], { expectedVersion: 0 }); // later position, commits first
      await catchUp(db.pool, catalog, seen);
      // The committed later event must wait while the earlier transaction is still open.
      expect((await seenIds()).has(fast.events[0]!.eventId)).toBe(false);
    } finally {
      release();
    }
    const slowResult = await slow;
    expect(slowResult.events[0]!.globalPosition).toBeLessThan(fast.events[0]!.globalPosition);

    // Other transactions (autovacuum, other tests) may hold the horizon back for a moment: poll.
    const deadline = Date.now() + 10_000;
    let byId = await seenIds();
    while (!(byId.has(slowResult.events[0]!.eventId) && byId.has(fast.events[0]!.eventId)) && Date.now() < deadline) {
      await catchUp(db.pool, catalog, seen);
      byId = await seenIds();
    }
    expect(byId.get(slowResult.events[0]!.eventId)).toBe(1);
    expect(byId.get(fast.events[0]!.eventId)).toBe(1);
    const { rows: all } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'Noted'`);
    expect(byId.size).toBe(all[0]!.n);
    expect([...byId.entries()].filter(([, times]) => times !== 1)).toEqual([]);
  });
});

describe('rebuild', () => {
  it('rebuilds every projection from the log into identical tables', async () => {
    const catalog = createCatalog();
    const leadStore = createEventStore({ pool: db.pool, catalog, projections });
    const sources = [
      { page: 'nostalgia', section: 'fragmento', status: 'downloaded' },
      { page: 'niveles', section: 'pdf', status: 'downloaded' },
      { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' },
    ] as const;
    let written = 0;
    for (let i = 0; i < 60; i++) {
      const email = `persona${i % 17}@ejemplo.com`;
      const source = sources[i % sources.length]!;
      written += (await handleCommand(leadStore, visitorStreamId(email), { initial: initialVisitorState, evolve: evolveVisitor }, (s) =>
        decideCaptureLead(s, { email, nick: `Persona ${i}`, ...source }),
      )).events.length;
    }
    // Downloads are all recorded; a repeated newsletter subscription is not.
    expect(written).toBeGreaterThan(50);
    expect(written).toBeLessThan(60);
    for (const p of projections) if (p.mode === 'async') await catchUp(db.pool, catalog, p);

    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const p of projections)
        for (const t of p.tables) out[t] = (await db.pool.query(`SELECT to_jsonb(t) AS r FROM ${t} t ORDER BY 1`)).rows.map((r) => r.r);
      return out;
    };
    const live = await snapshot();
    expect(live.leads).toHaveLength(17);
    expect((live.lead_daily_counts as Array<{ captures: number }>).reduce((a, r) => a + r.captures, 0)).toBe(written);

    // Damage the read models: a rebuild must restore them exactly from the log.
    await db.pool.query(`UPDATE leads SET captures = 999, nick = 'x'`);
    await db.pool.query('DELETE FROM lead_daily_counts');
    const report = await rebuildProjections(db.pool, catalog, projections);
    expect(report.projections.filter((r) => r.projection.startsWith("lead")).map((r) => r.events)).toEqual([written, written]);
    expect(await snapshot()).toEqual(live);
  });
});
