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

export const SUBSCRIPTION_STATUSES = ['confirmed', 'pending', 'unsubscribed', 'bounced'] as const satisfies readonly SubscriptionStatus[];

export interface SubscriberListRow {
  email: string;
  nick: string;
  status: SubscriptionStatus;
  requestedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** The page of the form that asked for the letters ('Newsletter Archive': the newsletter form). */
  source: string;
}

export interface SubscriberFilter {
  /** A part of the address (the `leads` read model holds it opened, so it is searched there, not decrypted per row). */
  search?: string;
  status?: SubscriptionStatus;
}

/**
 * The coach's list of subscribers, newest request first: a page of those that match, how many match, and how many
 * of each status there are in all. `limit` undefined: every match (the CSV).
 */
export async function subscriberList(
  db: Queryable,
  filter: SubscriberFilter,
  { limit, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ rows: SubscriberListRow[]; total: number; counts: Record<SubscriptionStatus, number> }> {
  const search = filter.search?.trim() ?? '';
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '';
  const [list, counts] = await Promise.all([
    db.query<{
      email: string;
      nick: string;
      status: SubscriptionStatus;
      requested_at: Date;
      confirmed_at: Date | null;
      unsubscribed_at: Date | null;
      source: string;
      total: string;
    }>(
      `SELECT l.email, l.nick, s.status, s.requested_at, s.confirmed_at, s.unsubscribed_at, s.source, count(*) OVER () AS total
       FROM subscribers s JOIN leads l ON l.stream_id = s.stream_id
       WHERE ($1 = '' OR l.email ILIKE $1) AND ($2::text IS NULL OR s.status = $2)
       ORDER BY s.requested_at DESC, s.stream_id
       LIMIT $3 OFFSET $4`,
      [pattern, filter.status ?? null, limit ?? null, offset],
    ),
    db.query<{ status: SubscriptionStatus; n: string }>('SELECT status, count(*) AS n FROM subscribers GROUP BY status'),
  ]);
  const byStatus = Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, 0])) as Record<SubscriptionStatus, number>;
  for (const row of counts.rows) byStatus[row.status] = Number(row.n);
  return {
    rows: list.rows.map((r) => ({
      email: r.email,
      nick: r.nick,
      status: r.status,
      requestedAt: r.requested_at.toISOString(),
      confirmedAt: r.confirmed_at?.toISOString() ?? null,
      unsubscribedAt: r.unsubscribed_at?.toISOString() ?? null,
      source: r.source,
    })),
    total: Number(list.rows[0]?.total ?? 0),
    counts: byStatus,
  };
}
