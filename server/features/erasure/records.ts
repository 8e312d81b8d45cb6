// What an account's erasure removes besides the log's keys and the read models (which the projections empty):
// the server-side records that are not events, and the queued jobs that name the account or its addresses. It
// also keeps the one address the confirmation mail needs, in erasure_notices, until that mail is sent.
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { visitorStreamId } from '../../../events/leads/leads';
import type { Queryable } from '../../../events/store/types';
import { recipientKey } from '../../../jobs/email/throttle';

/** Inside the erasure's transaction: everything kept about the account outside the log, and its jobs. */
export async function eraseAccountRecords(tx: Queryable, { userId, addresses }: { userId: string; addresses: readonly string[] }): Promise<void> {
  await tx.query('DELETE FROM password_credentials WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM email_verification_tokens WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM email_change_requests WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM login_devices WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM why_question_inputs WHERE user_id = $1', [userId]);
  // Their folds' snapshots hold only sealed texts, unreadable once the key is gone; they go all the same. The key was
  // forgotten first in this transaction, so a snapshot being written now (it holds the key's row) is not left behind.
  await tx.query('DELETE FROM fold_snapshots WHERE stream_id = $1', [learnerStreamId(userId)]);
  await tx.query('DELETE FROM mail_sends WHERE recipient = ANY($1::bytea[])', [addresses.map(recipientKey)]);
  // Mail and AI jobs name people by ids, but a queued one would still mail or write about them; a finished one
  // and a dead letter are kept a while for operators: all go.
  await tx.query(`DELETE FROM pgboss.job WHERE data ->> 'userId' = $1 OR data ->> 'leadId' = ANY($2::text[])`, [userId, addresses.map(visitorStreamId)]);
}

/** Inside a lead address's erasure: its mail counts and the jobs that name its visitor stream. */
export async function eraseLeadRecords(tx: Queryable, { address, streamId }: { address: string; streamId: string }): Promise<void> {
  await tx.query('DELETE FROM mail_sends WHERE recipient = $1', [recipientKey(address)]);
  await tx.query(`DELETE FROM pgboss.job WHERE data ->> 'leadId' = $1`, [streamId]);
}

/** Keeps the address of the erasure's confirmation mail until the mail is sent (or a day, see auth.cleanup). */
export async function keepNoticeAddress(tx: Queryable, noticeId: string, email: string): Promise<void> {
  await tx.query('INSERT INTO erasure_notices (notice_id, email) VALUES ($1, $2)', [noticeId, email]);
}

export async function noticeAddress(db: Queryable, noticeId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM erasure_notices WHERE notice_id = $1', [noticeId]);
  return rows[0]?.email;
}

/** After the confirmation mail went out: the address, and the send's count under its hash, go. */
export async function forgetNotice(db: Queryable, noticeId: string, jobId: string): Promise<void> {
  await db.query('DELETE FROM erasure_notices WHERE notice_id = $1', [noticeId]);
  await db.query('DELETE FROM mail_sends WHERE job_id = $1', [jobId]);
}
