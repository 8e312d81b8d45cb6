// How far behind each async projection is, read from the log and the checkpoints: what an operator (or a
// monitor) needs to see that analytics stopped following the log, and since when.
import type pg from 'pg';
import type { Projection } from '../../../events/store/projection';

/** Events counted past a checkpoint at the most: enough to tell a hiccup from a stall, and a bounded read. */
export const MAX_COUNTED = 10_000;

export interface ProjectionLag {
  name: string;
  /** Events of its types past its checkpoint, up to MAX_COUNTED. */
  eventsBehind: number;
  /**
   * How long the oldest unprocessed event has waited, counted from when it was written or from when the
   * projection last moved, whichever is later (an import of old events, or a backlog being worked through, is
   * not a stall); null when nothing waits.
   */
  lagSeconds: number | null;
  /** Since the checkpoint last moved; null before the projection ever ran. */
  checkpointMovedSecondsAgo: number | null;
  status: 'ok' | 'lagging';
}

export async function projectionLags(pool: pg.Pool, projections: readonly Projection[], degradedAfterSeconds: number): Promise<ProjectionLag[]> {
  const list = projections.filter((p) => p.mode === 'async').map((p) => ({ name: p.name, types: p.eventTypes }));
  if (list.length === 0) return [];
  const { rows } = await pool.query<{ name: string; behind: number; lag: number | null; moved: number | null }>(
    `SELECT p.name, x.behind,
            extract(epoch FROM now() - greatest(x.oldest, c.updated_at))::float8 AS lag,
            extract(epoch FROM now() - c.updated_at)::float8 AS moved
     FROM jsonb_to_recordset($1::jsonb) AS p(name text, types text[])
     LEFT JOIN projection_checkpoints c ON c.projection = p.name
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS behind, min(e.recorded_at) AS oldest FROM (
         SELECT e.recorded_at FROM events e
         WHERE (e.transaction_id, e.global_position) > (coalesce(c.transaction_id, '0'::xid8), coalesce(c.global_position, 0))
           AND e.type = ANY (p.types)
         ORDER BY e.transaction_id, e.global_position
         LIMIT $2) e
     ) x`,
    [JSON.stringify(list), MAX_COUNTED],
  );
  const seconds = (v: number | null) => (v === null ? null : Math.max(0, Math.floor(v)));
  return rows.map((r) => {
    const lagSeconds = r.behind > 0 ? seconds(r.lag) : null;
    return {
      name: r.name,
      eventsBehind: r.behind,
      lagSeconds,
      checkpointMovedSecondsAgo: seconds(r.moved),
      status: lagSeconds !== null && lagSeconds >= degradedAfterSeconds ? 'lagging' : 'ok',
    };
  });
}
