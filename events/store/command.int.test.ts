// handleCommand against PostgreSQL: it decides on the folded state it keeps per stream, confirms a refusal or
// a decision to record nothing against the stream, and answers a retry under an Idempotency-Key as the first write.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../tests/setup/db';
import { noted, notedStore } from '../../tests/setup/event-store';
import { handleCommand } from './command';
import { IdempotencyKeyReusedError, type EventStore } from './event-store';
import type { RecordedEvent, RequestKey } from './types';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  ({ db, store } = await notedStore());
});
afterAll(() => db.drop());

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
    await expect(
      handleCommand(store, stream, lastN, () => {
        throw new Error('still refused');
      }),
    ).rejects.toThrow('still refused');
  });
});

describe('writes under an Idempotency-Key: the same request is a retry, another one is refused', () => {
  const lastN = { initial: 0, evolve: (_: number, e: RecordedEvent) => (e.data as { n: number }).n };
  const keyFor = (digest: string): RequestKey => ({ firstEventId: randomUUID(), digest });
  const numbers = async (stream: string) => (await store.readStream(stream)).map((e) => (e.data as { n: number }).n);

  it('handleCommand answers a retry with the first write and the state right after it, also when the decision now refuses or records nothing', async () => {
    const stream = `test-${randomUUID()}`;
    const key = keyFor('set-to-5');
    const setTo = (n: number, k?: RequestKey) => (last: number) => ({ events: last === n ? [] : [noted(n, k?.firstEventId)] });
    const first = await handleCommand(store, stream, lastN, setTo(5, key), { key });
    expect(first).toMatchObject({ idempotent: false, state: 5 });
    await handleCommand(store, stream, lastN, setTo(7));

    const retried = await handleCommand(store, stream, lastN, setTo(5, key), { key });
    expect(retried).toMatchObject({ idempotent: true, state: 5, nextVersion: 1, events: [{ data: { n: 5 } }] });
    const refusedNow = await handleCommand(
      store,
      stream,
      lastN,
      () => {
        throw new Error('locked now');
      },
      { key },
    );
    expect(refusedNow).toMatchObject({ idempotent: true, state: 5 });
    await handleCommand(store, stream, lastN, setTo(5));
    const nothingNow = await handleCommand(store, stream, lastN, setTo(5, key), { key });
    expect(nothingNow).toMatchObject({ idempotent: true, state: 5, nextVersion: 1 });

    // Another request under the key: refused, whatever its decision would be on its own.
    const other = { ...key, digest: 'set-to-7' };
    await expect(handleCommand(store, stream, lastN, setTo(9, other), { key: other })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(handleCommand(store, stream, lastN, setTo(5, other), { key: other })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(
      handleCommand(
        store,
        stream,
        lastN,
        () => {
          throw new Error('locked');
        },
        { key: other },
      ),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await numbers(stream)).toEqual([5, 7, 5]);
    // Without a key, a refusal is a refusal.
    await expect(
      handleCommand(store, stream, lastN, () => {
        throw new Error('still refused');
      }),
    ).rejects.toThrow('still refused');
  });
});
