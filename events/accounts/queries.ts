// The accounts' read model as the mails read it: an account's address, name and whether it is verified
// (users). Sessions and credentials are not read models of the log: server/features/accounts/accounts.ts keeps them.
import type { Queryable } from '../store/types';

export interface AccountContact {
  email: string;
  username: string;
  verified: boolean;
}

export async function accountContactOf(db: Queryable, userId: string): Promise<AccountContact | undefined> {
  const { rows } = await db.query<{ email: string; username: string; verified: boolean }>(
    'SELECT email, username, email_verified_at IS NOT NULL AS verified FROM users WHERE user_id = $1',
    [userId],
  );
  return rows[0] && { email: rows[0].email, username: rows[0].username, verified: rows[0].verified };
}
