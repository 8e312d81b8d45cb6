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

export type SubscriptionStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';

/** An address's subscription (by its visitor stream), if it ever subscribed. */
export async function subscriberOf(
  db: Queryable,
  streamId: string,
): Promise<{ status: SubscriptionStatus; requestedAt: Date; confirmedAt: Date | null } | undefined> {
  const { rows } = await db.query<{ status: SubscriptionStatus; requested_at: Date; confirmed_at: Date | null }>(
    'SELECT status, requested_at, confirmed_at FROM subscribers WHERE stream_id = $1',
    [streamId],
  );
  return rows[0] && { status: rows[0].status, requestedAt: rows[0].requested_at, confirmedAt: rows[0].confirmed_at };
}

/**
 * The letters' recipients: confirmed subscribers only (decision 0016), named by their visitor streams — a send's
 * jobs carry these ids and the worker finds each address when it writes the mail. Pending and unsubscribed
 * addresses are never here.
 */
export async function confirmedSubscribers(db: Queryable): Promise<Array<{ streamId: string; confirmedAt: Date }>> {
  const { rows } = await db.query<{ stream_id: string; confirmed_at: Date }>(
    "SELECT stream_id, confirmed_at FROM subscribers WHERE status = 'confirmed' ORDER BY confirmed_at, stream_id",
  );
  return rows.map((r) => ({ streamId: r.stream_id, confirmedAt: r.confirmed_at }));
}
