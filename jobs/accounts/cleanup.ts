// auth.cleanup: hourly, forgets what can no longer be used — expired sessions and links, changes of address past
// their links, old failures, and the per-address mail counts past their hour.
import { z } from 'zod';
import type { Queryable } from '../../events/store/types';
import { defineJob } from '../define';

export const AUTH_CLEANUP = 'auth.cleanup';
export const AUTH_CLEANUP_CRON = '17 * * * *';

export async function cleanUpAuth(db: Queryable, { idleHours }: { idleHours: number }) {
  const sessions = await db.query(`DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(hours => $1)`, [idleHours]);
  // Used or expired links are kept a week, so a late click still gets "already used" / "expired".
  const tokens = await db.query(`DELETE FROM email_verification_tokens WHERE coalesce(used_at, expires_at) <= now() - interval '7 days'`);
  const links = await db.query(`DELETE FROM account_tokens WHERE coalesce(used_at, expires_at) <= now() - interval '7 days'`);
  // A guest's download link a week past its date (its purchase keeps its count of downloads).
  const downloads = await db.query(`DELETE FROM download_tokens WHERE expires_at <= now() - interval '7 days'`);
  // A change of address can be confirmed for a day and then undone for three: a week later its links are gone
  // too, and so is the address it named.
  const emailChanges = await db.query(`DELETE FROM email_change_requests WHERE requested_at <= now() - interval '11 days'`);
  // A failed-login count is forgotten a day after its last failure.
  const failures = await db.query(`DELETE FROM login_failures WHERE last_failure_at <= now() - interval '1 day'`);
  // A device cookie lasts a year from the browser's last login.
  const devices = await db.query(`DELETE FROM login_devices WHERE last_seen_at <= now() - interval '1 year'`);
  // The per-address mail limit looks back one hour; a day covers a job still being retried.
  const mailSends = await db.query(`DELETE FROM mail_sends WHERE sent_at <= now() - interval '1 day'`);
  // A deleted account's confirmation mail that was not sent in a day (its retries end within hours) is given up:
  // its address goes.
  const notices = await db.query(`DELETE FROM erasure_notices WHERE created_at <= now() - interval '1 day'`);
  // A deep-why question's texts whose job never finished (its retries end within a minute).
  await db.query(`DELETE FROM why_question_inputs WHERE created_at <= now() - interval '1 day'`);
  return {
    sessions: sessions.rowCount ?? 0,
    tokens: (tokens.rowCount ?? 0) + (links.rowCount ?? 0) + (downloads.rowCount ?? 0),
    emailChanges: emailChanges.rowCount ?? 0,
    failures: failures.rowCount ?? 0,
    devices: devices.rowCount ?? 0,
    mailSends: mailSends.rowCount ?? 0,
    notices: notices.rowCount ?? 0,
  };
}

export interface CleanupDeps {
  db: Queryable;
  sessionIdleHours: number;
  log: { info(obj: object, msg: string): void };
}

export const authCleanup = defineJob({
  name: AUTH_CLEANUP,
  // A scheduled job: pg-boss sends it with no data, or an empty object.
  payload: z.unknown(),
  options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300, schedule: AUTH_CLEANUP_CRON, work: { pollingIntervalSeconds: 30 } },
  handler: (deps: CleanupDeps) => async () => {
    const removed = await cleanUpAuth(deps.db, { idleHours: deps.sessionIdleHours });
    deps.log.info(removed, 'auth clean-up');
  },
});
