import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { cleanUpAuth } from './cleanup';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const user = '00000000-0000-4000-8000-000000000001';
const rows = async (table: string) => Number((await db.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

it('forgets expired and idle sessions, old spent links, old changes of address, old failures, browsers unseen for a year and old mail counts, and keeps everything still usable', async () => {
  await db.pool.query(
    `INSERT INTO sessions (token_hash, user_id, last_seen_at, expires_at) VALUES
       ('\\x01', $1, now(), now() + interval '1 day'),             -- live
       ('\\x02', $1, now(), now() - interval '1 second'),          -- past its absolute expiry
       ('\\x03', $1, now() - interval '200 hours', now() + interval '1 day') -- idle too long
    `,
    [user],
  );
  await db.pool.query(
    `INSERT INTO email_verification_tokens (token_hash, user_id, expires_at, used_at) VALUES
       ('\\x11', $1, now() + interval '1 day', NULL),               -- still valid
       ('\\x12', $1, now() - interval '1 day', NULL),               -- expired yesterday: kept a week
       ('\\x13', $1, now() + interval '1 day', now() - interval '8 days'), -- used long ago
       ('\\x14', $1, now() - interval '10 days', NULL) -- expired long ago
    `,
    [user],
  );
  await db.pool.query(
    `INSERT INTO login_failures (key, scope, failures, last_failure_at) VALUES
       ('\\x21', 'pair', 3, now()),
       ('\\x22', 'address', 30, now() - interval '2 days')`,
  );
  await db.pool.query(
    `INSERT INTO login_devices (device_id, user_id, device_hash, label, last_seen_at) VALUES
       (gen_random_uuid(), $1, '\\x41', 'Chrome en Android', now() - interval '300 days'), -- its cookie still valid
       (gen_random_uuid(), $1, '\\x42', 'Safari en iPhone', now() - interval '366 days')`,
    [user],
  );
  await db.pool.query(
    `INSERT INTO mail_sends (job_id, recipient, kind, sent_at) VALUES
       (gen_random_uuid(), '\\x31', 'lead-welcome', now() - interval '2 hours'), -- past the hour, kept for the day
       (gen_random_uuid(), '\\x31', 'lead-welcome', now() - interval '25 hours')`,
  );

  await db.pool.query(
    `INSERT INTO account_tokens (token_hash, purpose, user_id, expires_at, used_at) VALUES
       ('\\x51', 'password-reset', $1, now() + interval '1 hour', NULL),             -- still valid
       ('\\x52', 'email-undo', $1, now() - interval '1 day', NULL),                  -- expired yesterday: kept a week
       ('\\x53', 'password-reset', $1, now() - interval '9 days', now() - interval '9 days') -- used long ago
    `,
    [user],
  );
  await db.pool.query(
    `INSERT INTO email_change_requests (request_id, user_id, new_email, requested_at) VALUES
       (gen_random_uuid(), $1, 'nueva@example.com', now() - interval '4 days'),  -- its undo link may still work
       (gen_random_uuid(), $1, 'vieja@example.com', now() - interval '12 days')`,
    [user],
  );

  expect(await cleanUpAuth(db.pool, { idleHours: 168 })).toEqual({
    sessions: 2,
    tokens: 3,
    emailChanges: 1,
    failures: 1,
    devices: 1,
    mailSends: 1,
    notices: 0,
  });
  expect(await rows('account_tokens')).toBe(2);
  expect((await db.pool.query('SELECT new_email FROM email_change_requests')).rows).toEqual([{ new_email: 'nueva@example.com' }]);
  expect(await rows('mail_sends')).toBe(1);
  expect(await rows('sessions')).toBe(1);
  expect(await rows('email_verification_tokens')).toBe(2);
  expect(await rows('login_failures')).toBe(1);
  expect(await rows('login_devices')).toBe(1);
  expect((await db.pool.query(`SELECT encode(token_hash, 'hex') AS h FROM sessions`)).rows[0].h).toBe('01');
});
