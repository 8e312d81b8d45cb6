// The newsletter's confirmation links (double opt-in, decision 0016): a random token per mail, stored as its SHA-256
// only (the token itself travels in the mail alone), single use, expiring — as an account's verification link.
// The mail worker issues one when it writes the mail; the confirmation spends it in its command's transaction.
import type { Queryable } from '../../../events/store/types';
import { newToken, tokenHash } from '../accounts/secrets';

/** How long a confirmation link works, from the moment its mail is written. */
export const CONFIRMATION_TTL_HOURS = 72;

export type ConfirmationTokenState = 'valid' | 'used' | 'expired';

/** A new link's token for the subscription of this visitor stream. */
export async function issueConfirmationToken(db: Queryable, streamId: string): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO newsletter_confirmation_tokens (token_hash, stream_id, expires_at)
     VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [tokenHash(token), streamId, CONFIRMATION_TTL_HOURS],
  );
  return token;
}

/** The link's subscription (its visitor stream), if the token is one of ours; `state` says whether it still works. */
export async function readConfirmationToken(db: Queryable, token: string): Promise<{ streamId: string; state: ConfirmationTokenState } | undefined> {
  const { rows } = await db.query<{ stream_id: string; used: boolean; expired: boolean }>(
    `SELECT stream_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired
     FROM newsletter_confirmation_tokens WHERE token_hash = $1`,
    [tokenHash(token)],
  );
  const row = rows[0];
  return row && { streamId: row.stream_id, state: row.used ? 'used' : row.expired ? 'expired' : 'valid' };
}

/** Single use: spends the link inside the confirmation's transaction; false when another request spent it first (or it expired meanwhile). */
export async function consumeConfirmationToken(tx: Queryable, token: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE newsletter_confirmation_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [tokenHash(token)],
  );
  return rowCount === 1;
}
