// The leads' read model (leads): one row per address, found by its visitor stream.
import type { Queryable } from '../store/types';

export async function leadOf(db: Queryable, streamId: string): Promise<{ email: string; nick: string } | undefined> {
  const { rows } = await db.query<{ email: string; nick: string }>('SELECT email, nick FROM leads WHERE stream_id = $1', [streamId]);
  return rows[0] && { email: rows[0].email, nick: rows[0].nick };
}
