// A migration that changes what a read model holds names it in projection_rebuilds_due; the next start (or
// db:migrate) rebuilds it from the log, once. Migration 025 does so for the roles: before it, a refund took the role
// away even when the coach had granted it too.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decideGrantRole, evolveAccount, initialAccountState } from '../../events/accounts/accounts';
import { learnerStreamId, RoleGranted, RoleRevoked } from '../../events/accounts/accounts.events';
import { handleCommand } from '../../events/store/command';
import { startTestApp, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createLearner } from '../../tests/setup/learners';
import { sealOldEvents } from './seal-old-events';

let db: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

it('rebuilds the read models a migration names, from the log, once', async () => {
  // A fresh database carries the requests of its own migrations: the first start takes them.
  expect((await sealOldEvents(db.pool)).rebuilt).toEqual(expect.arrayContaining(['users', 'entitlements', 'payments']));
  const l = await createLearner(t.app, t.store);
  const stream = learnerStreamId(l.userId);
  await t.store.append(stream, [RoleGranted.create({ userId: l.userId, role: 7, by: 'payment:42' })], { expectedVersion: 'any' });
  await handleCommand(t.store, stream, { initial: initialAccountState, evolve: evolveAccount }, (state) => ({
    events: decideGrantRole(state, { userId: l.userId, role: 7, by: 'cli' }),
  }));
  await t.store.append(stream, [RoleRevoked.create({ userId: l.userId, role: 7, by: 'payment:42:refunded' })], { expectedVersion: 'any' });
  const row = () => db.pool.query('SELECT roles, role_sources FROM users WHERE user_id = $1', [l.userId]).then((r) => r.rows[0]);
  expect(await row()).toEqual({ roles: [7], role_sources: { 7: ['cli'] } });

  // The row as the fold before migration 025 left it (the refund took the role), and the migration's request.
  await db.pool.query("UPDATE users SET roles = '{}', role_sources = '{}' WHERE user_id = $1", [l.userId]);
  await db.pool.query("INSERT INTO projection_rebuilds_due (projection) VALUES ('users') ON CONFLICT DO NOTHING");
  expect(await sealOldEvents(db.pool)).toMatchObject({ rebuilt: ['users'] });
  expect(await row()).toEqual({ roles: [7], role_sources: { 7: ['cli'] } });
  expect((await db.pool.query('SELECT * FROM projection_rebuilds_due')).rows).toEqual([]);
  expect(await sealOldEvents(db.pool)).toMatchObject({ rebuilt: [] });
});
