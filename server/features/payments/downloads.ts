// A guest's download of what they bought: a link whose token is random (only its SHA-256 is stored), valid for
// DOWNLOAD_LINK_DAYS, for the one purchase it was made for, good for MAX_DOWNLOADS downloads of that purchase in
// all, and dead as soon as the purchase's payment is refunded or charged back.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../../events/store/types';

export const DOWNLOAD_LINK_DAYS = 7;
export const MAX_DOWNLOADS = 10;

const hash = (token: string) => createHash('sha256').update(token).digest();

export async function issueDownloadToken(db: Queryable, purchaseId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + DOWNLOAD_LINK_DAYS * 24 * 3600_000);
  await db.query('INSERT INTO download_tokens (token_hash, purchase_id, expires_at) VALUES ($1, $2, $3)', [hash(token), purchaseId, expiresAt]);
  return { token, expiresAt };
}

export type DownloadRefusal = 'unknown' | 'expired' | 'reversed' | 'used-up';

/**
 * Counts one download for the token's purchase, or says why not. The count moves only for a live link of a paid
 * purchase, in one statement, so two downloads at once never pass the limit together.
 */
export async function useDownloadToken(db: Queryable, token: string, productId: string): Promise<{ ok: true } | { ok: false; why: DownloadRefusal }> {
  if (!/^[\w-]{20,100}$/.test(token)) return { ok: false, why: 'unknown' };
  const { rows } = await db.query<{ purchase_id: string; expired: boolean; paid: boolean }>(
    `SELECT t.purchase_id, t.expires_at <= now() AS expired,
            EXISTS (SELECT 1 FROM payments p WHERE p.purchase_id = t.purchase_id AND p.status = 'approved') AS paid
       FROM download_tokens t JOIN purchases u ON u.purchase_id = t.purchase_id
      WHERE t.token_hash = $1 AND u.product_id = $2`,
    [hash(token), productId],
  );
  const link = rows[0];
  if (!link) return { ok: false, why: 'unknown' };
  if (link.expired) return { ok: false, why: 'expired' };
  if (!link.paid) return { ok: false, why: 'reversed' };
  const { rowCount } = await db.query(
    `INSERT INTO purchase_downloads (purchase_id, downloads) VALUES ($1, 1)
     ON CONFLICT (purchase_id) DO UPDATE SET downloads = purchase_downloads.downloads + 1 WHERE purchase_downloads.downloads < $2`,
    [link.purchase_id, MAX_DOWNLOADS],
  );
  return rowCount === 1 ? { ok: true } : { ok: false, why: 'used-up' };
}
