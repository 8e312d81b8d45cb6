// The leads' read model (leads): one row per address, found by its visitor stream.
import type { Queryable } from '../store/types';

export async function leadOf(db: Queryable, streamId: string): Promise<{ email: string; nick: string } | undefined> {
  const { rows } = await db.query<{ email: string; nick: string }>('SELECT email, nick FROM leads WHERE stream_id = $1', [streamId]);
  return rows[0] && { email: rows[0].email, nick: rows[0].nick };
}

/** A lead address found by its subject (the forget link names nothing else), and whether it also has an account. */
export async function leadBySubject(db: Queryable, subject: string): Promise<{ email: string; streamId: string; hasAccount: boolean } | undefined> {
  const { rows } = await db.query<{ email: string; stream_id: string; has_account: boolean }>(
    `SELECT l.email, l.stream_id, EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(l.email)) AS has_account
     FROM leads l WHERE l.subject = $1 LIMIT 1`,
    [subject],
  );
  return rows[0] && { email: rows[0].email, streamId: rows[0].stream_id, hasAccount: rows[0].has_account };
}
