// Mails queued before jobs carried ids held the rendered mail (address, and a verification link). Migration 016
// turns each into the ids its kind needs, and drops one whose person is gone, so no link or address stays in
// pgboss.job after the upgrade — dead letters included.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { visitorStreamId } from '../../events/leads/leads';
import { migrate } from '../../server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { startJobs, type Jobs } from '../boss';
import { EMAIL_SEND, EMAIL_SEND_DEAD, MailJob } from './send-email';

let db: TestDatabase;
let jobs: Jobs;

beforeAll(async () => {
  // The database as it was: every migration before 016.
  db = await createTestDatabase({ migrationsBefore: '016' });
  jobs = await startJobs(db.url, () => {});
});
afterAll(async () => {
  await jobs?.stop();
  await db?.drop();
});

const USER = '6f1c1a52-54a4-4a4e-9a57-0d4b8e0a9f11';
const link = 'http://localhost:3000/verify-email?token=LEGACYtoken0123456789abcdefghijklmnopqrstuv';

it('turns queued mails into ids, drops the ones whose person is gone, and leaves no address or link behind', async () => {
  await db.pool.query("INSERT INTO users (user_id, username, email, registered_at) VALUES ($1, 'rosa', 'rosa@example.com', now())", [USER]);
  await db.pool.query(
    `INSERT INTO leads (email, nick, captures, statuses, first_captured_at, last_captured_at)
     VALUES ('lila@example.com', 'Lila', 1, '[]', now(), now())`,
  );
  const legacy = (to: string, kind: string) => ({ to, subject: 'Asunto', text: `¡Hola! ${link}`, kind });
  await jobs.send(EMAIL_SEND, legacy('Rosa@Example.com', 'account-verification'));
  await jobs.send(EMAIL_SEND, legacy('lila@example.com', 'lead-welcome:Newsletter Archive:Subscription Form'));
  await jobs.send(EMAIL_SEND, legacy('nadie@example.com', 'account-verification'));
  await jobs.send(EMAIL_SEND_DEAD, legacy('rosa@example.com', 'account-verification'));

  await migrate(db.pool);

  const { rows } = await db.pool.query<{ name: string; data: unknown }>('SELECT name, data FROM pgboss.job ORDER BY name, created_on');
  expect(rows).toEqual([
    { name: EMAIL_SEND, data: { kind: 'account-verification', userId: USER } },
    { name: EMAIL_SEND, data: { kind: 'lead-welcome', leadId: visitorStreamId('lila@example.com'), page: 'Newsletter Archive', section: 'Subscription Form' } },
    { name: EMAIL_SEND_DEAD, data: { kind: 'account-verification', userId: USER } },
  ]);
  // Each is a job today's worker reads.
  for (const { data } of rows) expect(MailJob.safeParse(data).success).toBe(true);
  const text = JSON.stringify(rows);
  expect(text).not.toMatch(/@|verify-email|LEGACY/);
  // The leads the projection wrote before have their stream id, as it writes it now.
  expect((await db.pool.query('SELECT stream_id FROM leads')).rows).toEqual([{ stream_id: visitorStreamId('lila@example.com') }]);
});
