// Reading the log: a stream in order (all of it, or a window), the events of one write, the whole log in
// commit order, a stream's version; every event read is upcast to its type's current version.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestDatabase } from '../../tests/setup/db';
import { noted, notedStore } from '../../tests/setup/event-store';
import { defineEvent, EventCatalog } from './catalog';
import { createEventStore, type EventStore } from './event-store';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  ({ db, store } = await notedStore());
});
afterAll(() => db.drop());

const numbers = (events: Array<{ data: unknown }>) => events.map((e) => (e.data as { n: number }).n);

describe('read', () => {
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

  it('reads a window of a stream: after a position, up to one, or both', async () => {
    const stream = `test-${randomUUID()}`;
    await store.append(stream, [noted(1), noted(2), noted(3), noted(4)], { expectedVersion: 0 });
    expect(numbers(await store.readStream(stream, { after: 2 }))).toEqual([3, 4]);
    expect(numbers(await store.readStream(stream, { upTo: 1 }))).toEqual([1]);
    expect(numbers(await store.readStream(stream, { after: 1, upTo: 3 }))).toEqual([2, 3]);
    expect(await store.readStream(stream, { after: 4 })).toEqual([]);
    expect(await store.readStream(`test-${randomUUID()}`)).toEqual([]);
    expect(await store.streamVersion(`test-${randomUUID()}`)).toBe(0);
  });

  it('finds one write by its first event: its own events, not those before or after it in the stream', async () => {
    const stream = `test-${randomUUID()}`;
    const first = randomUUID();
    await store.append(stream, [noted(1)], { expectedVersion: 0 });
    await store.append(stream, [noted(2, first), noted(3)], { expectedVersion: 1 });
    await store.append(stream, [noted(4)], { expectedVersion: 3 });
    const write = await store.findWrite(first);
    expect(write?.map((e) => [e.streamPosition, e.eventId === first])).toEqual([
      [2, true],
      [3, false],
    ]);
    expect(await store.findWrite(randomUUID())).toBeUndefined();
  });

  it('reads the log only up to the oldest transaction still open: an event committed after it waits until it ends', async () => {
    const before = (await store.readAll({ limit: 100_000 })).at(-1);
    // A transaction that has taken an id and stays open: it could still write events that sort before later ones.
    const open = new pg.Client({ connectionString: db.url });
    await open.connect();
    try {
      await open.query('BEGIN');
      await open.query('SELECT pg_current_xact_id()');
      const later = await store.append(`test-${randomUUID()}`, [noted(7)], { expectedVersion: 0 });
      const seen = async () => (await store.readAll({ after: before, limit: 100_000 })).some((e) => e.eventId === later.events[0]!.eventId);
      expect(await seen()).toBe(false);
      await open.query('COMMIT');
      // Other transactions on the server (other test files) may hold the horizon back for a moment: poll.
      const deadline = Date.now() + 10_000;
      while (!(await seen()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await seen()).toBe(true);
    } finally {
      await open.end();
    }
  });

  it('upcasts every event it reads to its type’s current version', async () => {
    const stream = `test-${randomUUID()}`;
    const written = await store.append(stream, [noted(1)], { expectedVersion: 0 });
    // The same type, now at version 2: { n } became { n, doubled }.
    const NotedV2 = defineEvent('Noted', 2, z.strictObject({ n: z.number().int(), doubled: z.number().int() }), {
      upcast: { 1: (d) => ({ n: (d as { n: number }).n, doubled: 2 * (d as { n: number }).n }) },
    });
    const later = createEventStore({ pool: db.pool, catalog: new EventCatalog([NotedV2]) });
    const expected = [{ version: 2, data: { n: 1, doubled: 2 } }];
    expect(await later.readStream(stream)).toMatchObject(expected);
    expect(await later.findWrite(written.events[0]!.eventId)).toMatchObject(expected);
    expect((await later.readAll({ limit: 100_000 })).filter((e) => e.streamId === stream)).toMatchObject(expected);
  });
});
