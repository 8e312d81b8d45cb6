// The composed store as a whole: concurrent writers through append and handleCommand, and the log's guarantee.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../tests/setup/db';
import { noted, notedStore } from '../../tests/setup/event-store';
import { handleCommand } from './command';
import type { EventStore } from './event-store';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  ({ db, store } = await notedStore({ poolSize: 30 }));
});
afterAll(() => db.drop());

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
