// handleCommand appending whatever the stream's version (anyVersion), and handleMultiStreamCommand deciding on one
// stream and writing to several, against PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { defineEvent, EventCatalog } from './catalog';
import { handleCommand, handleMultiStreamCommand } from './command';
import { createEventStore, type EventStore } from './event-store';
import { deterministicUuid } from './ids';
import type { RecordedEvent } from './types';

const Noted = defineEvent('Noted', 1, z.strictObject({ n: z.number().int() }));
const noted = (n: number, eventId?: string) => Noted.create({ n }, { eventId });
const numbers = async (stream: string) => (await store.readStream(stream)).map((e) => (e.data as { n: number }).n);

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 10 });
  store = createEventStore({ pool: db.pool, catalog: new EventCatalog([Noted]) });
});
afterAll(() => db.drop());

describe('handleCommand with anyVersion: a decision that depends on nothing in the stream', () => {
  const count = { initial: 0, evolve: (s: number) => s + 1 };

  it('appends without reading the stream, and two writes at once both land', async () => {
    const stream = `test-${randomUUID()}`;
    await store.append(stream, [noted(1), noted(2)], { expectedVersion: 0 });
    const reads: string[] = [];
    const spied: EventStore = { ...store, readStream: (id, options) => (reads.push(id), store.readStream(id, options)) };
    const results = await Promise.all([3, 4].map((n) => handleCommand(spied, stream, count, () => ({ events: [noted(n)] }), { anyVersion: true })));
    expect(reads).toEqual([]);
    expect((await numbers(stream)).sort()).toEqual([1, 2, 3, 4]);
    // The state is the fold of the write's own events.
    expect(results.map((r) => r.state)).toEqual([1, 1]);
  });

  it('a retry under the same event id writes nothing and answers from the stored event', async () => {
    const stream = `test-${randomUUID()}`;
    const id = randomUUID();
    await handleCommand(store, stream, count, () => ({ events: [noted(1, id)] }), { anyVersion: true });
    const again = await handleCommand(store, stream, count, () => ({ events: [noted(1, id)] }), { anyVersion: true });
    expect(again).toMatchObject({ idempotent: true, nextVersion: 1, state: 1 });
    expect(await numbers(stream)).toEqual([1]);
  });
});

describe('handleMultiStreamCommand: a decision on one stream that writes to several', () => {
  // The decided stream holds the claims of a token; a claim writes the claim there and a grant in the claimant's stream.
  const claimed = { initial: undefined as number | undefined, evolve: (s: number | undefined, e: RecordedEvent) => s ?? (e.data as { n: number }).n };
  const claim = (token: string, claimant: number) => (state: number | undefined) => {
    if (state === claimant) return [];
    if (state !== undefined) throw new Error('already claimed');
    return [
      { streamId: token, events: [noted(claimant, deterministicUuid(token, 'claim'))] },
      { streamId: `${token}-grants-${claimant}`, events: [noted(claimant, deterministicUuid(token, 'grant'))] },
    ];
  };

  it('writes every stream in one transaction and answers the decided stream’s new state', async () => {
    const token = `test-${randomUUID()}`;
    const { results, state } = await handleMultiStreamCommand(store, token, claimed, claim(token, 7));
    expect(results.map((r) => [r.events[0]!.streamId, r.nextVersion])).toEqual([
      [token, 1],
      [`${token}-grants-7`, 1],
    ]);
    expect(state).toBe(7);
    // Decided again on a state where it is done: nothing to write.
    expect(await handleMultiStreamCommand(store, token, claimed, claim(token, 7))).toEqual({ results: [], state: 7 });
  });

  it('appends the other streams whatever their version', async () => {
    const token = `test-${randomUUID()}`;
    await store.append(`${token}-grants-3`, [noted(0), noted(0)], { expectedVersion: 0 });
    await handleMultiStreamCommand(store, token, claimed, claim(token, 3));
    expect(await numbers(`${token}-grants-3`)).toEqual([0, 0, 3]);
  });

  it('decides again when the decided stream moved on: a later claimant is refused, nothing written for it', async () => {
    const token = `test-${randomUUID()}`;
    // The decision is made on a stale state once: another claim lands between its read and its append.
    let first = true;
    const racing = async (state: number | undefined) => {
      if (first) {
        first = false;
        await handleMultiStreamCommand(store, token, claimed, claim(token, 1));
      }
      return claim(token, 2)(state);
    };
    await expect(handleMultiStreamCommand(store, token, claimed, racing)).rejects.toThrow('already claimed');
    expect(await numbers(token)).toEqual([1]);
    expect(await numbers(`${token}-grants-2`)).toEqual([]);
  });

  it('a twin of a decision already stored (the same event ids) is decided again, like a later request', async () => {
    const token = `test-${randomUUID()}`;
    const twins = await Promise.allSettled([5, 5, 5].map((n) => handleMultiStreamCommand(store, token, claimed, claim(token, n))));
    // Each twin either wrote the claim or found it stored and was decided again on it (nothing to write).
    expect(twins.map((t) => t.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const written = twins.map((t) => (t.status === 'fulfilled' ? t.value.results.filter((r) => !r.idempotent).length : -1));
    expect(written.sort()).toEqual([0, 0, 2]);
    expect(await numbers(token)).toEqual([5]);
    expect(await numbers(`${token}-grants-5`)).toEqual([5]);
  });
});
