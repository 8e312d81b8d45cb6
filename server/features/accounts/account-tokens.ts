// The links of password recovery and of a change of address, and what they act on: tokens stored as their SHA-256
// only (the token itself travels in the mail alone), changes of address waiting for their confirmation, and the
// writes a link makes inside its command's transaction (a new password's hash, the account's sessions ended).
import type { Queryable } from '../../../events/store/types';
import { newToken, tokenHash } from './secrets';

export type TokenPurpose = 'password-reset' | 'email-change' | 'email-undo';

/** How long each link works, from the moment its mail is written. */
export const TOKEN_TTL_HOURS: Record<TokenPurpose, number> = { 'password-reset': 1, 'email-change': 24, 'email-undo': 72 };

export type TokenState = 'valid' | 'used' | 'expired';

/** A new link's token, stored as its hash; made by the mail worker when it writes the mail. */
export async function issueAccountToken(db: Queryable, purpose: TokenPurpose, userId: string, requestId?: string): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO account_tokens (token_hash, purpose, user_id, request_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [tokenHash(token), purpose, userId, requestId ?? null, TOKEN_TTL_HOURS[purpose]],
  );
  return token;
}

/** The link's account (and change of address), if a link of this purpose exists; `state` says whether it still works. */
export async function readAccountToken(
  db: Queryable,
  purpose: TokenPurpose,
  token: string,
): Promise<{ userId: string; requestId: string | null; state: TokenState } | undefined> {
  const { rows } = await db.query<{ user_id: string; request_id: string | null; used: boolean; expired: boolean }>(
    `SELECT user_id, request_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired
     FROM account_tokens WHERE token_hash = $1 AND purpose = $2`,
    [tokenHash(token), purpose],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { userId: row.user_id, requestId: row.request_id, state: row.used ? 'used' : row.expired ? 'expired' : 'valid' };
}

/** Single use: spends the link inside its command's transaction; false when another request spent it first (or it expired meanwhile). */
export async function consumeAccountToken(tx: Queryable, purpose: TokenPurpose, token: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE account_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [tokenHash(token), purpose],
  );
  return rowCount === 1;
}

/** Every link of these purposes the account still has stops working (they read as used). */
export async function voidAccountTokens(tx: Queryable, userId: string, purposes: readonly TokenPurpose[]): Promise<void> {
  await tx.query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = ANY ($2::text[]) AND used_at IS NULL`, [userId, purposes]);
}

/** Ends the account's sessions (all of them, or all but the one whose cookie is `except`). */
export async function endSessionsOf(tx: Queryable, userId: string, except?: string): Promise<void> {
  if (except) await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, tokenHash(except)]);
  else await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

/** The new password's argon2id hash in place of the old one. */
export async function replacePasswordHash(tx: Queryable, userId: string, hash: string): Promise<void> {
  await tx.query(
    `INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash, updated_at = now()`,
    [userId, hash],
  );
}

/** When the account's password was last set (the notice of a new password says when). */
export async function passwordSetAt(db: Queryable, userId: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ at: Date }>('SELECT updated_at AS at FROM password_credentials WHERE user_id = $1', [userId]);
  return rows[0]?.at;
}

export type EmailChangeRequest = {
  requestId: string;
  userId: string;
  newEmail: string;
  previousEmail: string | null;
  confirmedAt: Date | null;
  undoneAt: Date | null;
};

export async function storeEmailChangeRequest(tx: Queryable, request: { requestId: string; userId: string; newEmail: string }): Promise<void> {
  await tx.query('INSERT INTO email_change_requests (request_id, user_id, new_email) VALUES ($1, $2, $3)', [
    request.requestId,
    request.userId,
    request.newEmail.trim().toLowerCase(),
  ]);
}

export async function emailChangeRequest(db: Queryable, requestId: string, userId: string): Promise<EmailChangeRequest | undefined> {
  const { rows } = await db.query<EmailChangeRequest>(
    `SELECT request_id AS "requestId", user_id AS "userId", new_email AS "newEmail", previous_email AS "previousEmail",
            confirmed_at AS "confirmedAt", undone_at AS "undoneAt"
     FROM email_change_requests WHERE request_id = $1 AND user_id = $2`,
    [requestId, userId],
  );
  return rows[0];
}

/** The change confirmed: the address it replaced is kept for the undo link mailed there. */
export async function markEmailChangeConfirmed(tx: Queryable, requestId: string, previousEmail: string): Promise<void> {
  await tx.query('UPDATE email_change_requests SET confirmed_at = now(), previous_email = $2 WHERE request_id = $1', [requestId, previousEmail]);
}

export async function markEmailChangeUndone(tx: Queryable, requestId: string): Promise<void> {
  await tx.query('UPDATE email_change_requests SET undone_at = now() WHERE request_id = $1', [requestId]);
}

/** Whether another account has this address now (a confirmation to it could not complete). */
export async function emailTakenByAnother(db: Queryable, email: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND user_id <> $2', [email.trim(), userId]);
  return rowCount !== 0;
}
