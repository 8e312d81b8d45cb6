// The payments' read model as the buyer reads it: the products bought besides the course (entitlements).
import type { ProductId } from '../../course/products';
import type { Queryable } from '../store/types';

/** The products the learner holds, in the order they were granted. */
export async function entitlementsOf(db: Queryable, userId: string): Promise<Array<{ productId: string; grantedAt: Date }>> {
  const { rows } = await db.query<{ product_id: string; granted_at: Date }>(
    'SELECT product_id, granted_at FROM entitlements WHERE user_id = $1 ORDER BY granted_at',
    [userId],
  );
  return rows.map((r) => ({ productId: r.product_id, grantedAt: r.granted_at }));
}

export async function hasEntitlement(db: Queryable, userId: string, productId: ProductId): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM entitlements WHERE user_id = $1 AND product_id = $2', [userId, productId]);
  return rowCount === 1;
}

/** A guest buyer's address by its subject (the forget link names the subject), and whether an account uses it. */
export async function guestBuyerBySubject(db: Queryable, subject: string): Promise<{ email: string; hasAccount: boolean } | undefined> {
  const { rows } = await db.query<{ email: string; has_account: boolean }>(
    `SELECT p.email, EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(p.email)) AS has_account
       FROM purchases p WHERE p.subject = $1 AND p.email IS NOT NULL LIMIT 1`,
    [subject],
  );
  return rows[0] && { email: rows[0].email, hasAccount: rows[0].has_account };
}
