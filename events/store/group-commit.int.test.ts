// Group commit against PostgreSQL: single-stream appends that arrive together share one transaction, and
// each keeps its own outcome.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { noted, Noted } from '../../tests/setup/event-store';
import { EventCatalog } from './catalog';
import { ConcurrencyError, createEventStore, type EventStore } from './event-store';
import { rowProjection } from './projection';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 30 });
});
afterAll(() => db.drop());

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
    const results = await Promise.allSettled(
      streams.map((s, i) => grouped.append(s, [noted(i === 2 || i === 4 ? 40_000 : 40_000 + 1 + i)], { expectedVersion: 0 })),
    );
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
