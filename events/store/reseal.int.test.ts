// Sealing the plain events written before sealing existed: batch by batch with a checkpoint, resumable after a
// kill without sealing anything twice, keeping ids, positions, order and times; the trigger lets nothing else by.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { learnerStreamId, UserRegistered } from '../accounts/accounts.events';
import { BeliefGoalSaved } from '../belief-threshold/belief-threshold.events';
import { AreaRated } from '../wheel/wheel.events';
import { createCatalog } from '../registry';
import { createEventStore } from './event-store';
import { sealExistingEvents } from './reseal';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const raw = async () =>
  (
    await db.pool.query<{ global_position: string; event_id: string; stream_position: string; recorded_at: Date; transaction_id: string; data: unknown }>(
      'SELECT global_position, event_id, stream_position, recorded_at, transaction_id::text, data FROM events ORDER BY global_position',
    )
  ).rows;

describe('sealing the events written before', () => {
  it('seals every personal field in place, resumes after a kill, never twice', async () => {
    const catalog = createCatalog();
    const plain = createEventStore({ pool: db.pool, catalog, sealing: false });
    const users = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, userId] of users.entries()) {
      await plain.append(
        learnerStreamId(userId),
        [
          UserRegistered.create({ userId, username: `viejo_${i}`, email: `viejo-${i}@example.com` }),
          AreaRated.create({ userId, areaId: 'career', score: 3 }),
          BeliefGoalSaved.create({
            userId,
            goalId: randomUUID(),
            manifestGoal: `Meta antigua ${i}`,
            hesitations: [{ timeFrame: { label: '1 año', years: 1 }, belief: `Duda antigua ${i}` }],
            currentTimeIndex: 1,
            perfectTimeFrameLabel: null,
            perfectTimeFrameYears: null,
          }),
        ],
        { expectedVersion: 0 },
      );
    }
    const before = await raw();
    const opened = await plain.readAll();
    expect(JSON.stringify(before)).toContain('Duda antigua 2');

    // Killed after the first batch of two events.
    const sealed = createEventStore({ pool: db.pool, catalog });
    expect(await sealExistingEvents(db.pool, catalog, sealed.keyring, { batchSize: 2, maxBatches: 1 })).toEqual({ sealed: 2, batches: 1 });
    expect(JSON.stringify(await raw())).not.toContain('viejo-0@example.com');
    expect(JSON.stringify(await raw())).toContain('Duda antigua 2');
    // Run again: it finishes from the checkpoint, and a third run has nothing left.
    expect((await sealExistingEvents(db.pool, catalog, sealed.keyring, { batchSize: 2 })).sealed).toBe(4);
    expect(await sealExistingEvents(db.pool, catalog, sealed.keyring)).toEqual({ sealed: 0, batches: 0 });

    const after = await raw();
    expect(after.map(({ data: _data, ...rest }) => rest)).toEqual(before.map(({ data: _data, ...rest }) => rest));
    expect(JSON.stringify(after)).not.toMatch(/viejo|antigua/);
    // The ratings had nothing personal: untouched.
    expect(after.filter((_, i) => i % 3 === 1).map((r) => r.data)).toEqual(before.filter((_, i) => i % 3 === 1).map((r) => r.data));
    // Read back, every event is what it was.
    expect((await sealed.readAll()).map((e) => e.data)).toEqual(opened.map((e) => e.data));
  });

  it('the trigger refuses any other rewrite: without the setting, of a sealed event, of anything but data and metadata, and every delete', async () => {
    const update = async (sql: string) => {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("SELECT set_config('mf.seal_events', 'on', true)");
        await client.query(sql);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    await expect(db.pool.query(`UPDATE events SET data = '{}' WHERE type = 'AreaRated'`)).rejects.toThrow(/immutable/);
    await expect(update(`UPDATE events SET metadata = metadata || '{"sealedFor":"x"}' WHERE type = 'UserRegistered'`)).rejects.toThrow(/immutable/);
    await expect(update(`UPDATE events SET recorded_at = now(), metadata = metadata || '{"sealedFor":"x"}' WHERE type = 'AreaRated'`)).rejects.toThrow(
      /immutable/,
    );
    await expect(update('DELETE FROM events')).rejects.toThrow(/immutable/);
  });
});
