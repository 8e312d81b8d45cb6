// Reads of the placements in SQL, for what needs them without the fold (whether a library file is in use).
import type { Queryable } from '../store/types';
import { MediaPlacementsChanged, PLACEMENTS_STREAM } from './placements.events';

/** The places whose current value is `mediaId`: for each place, the last change that names it (a restore too). */
export async function placesUsing(db: Queryable, mediaId: string): Promise<string[]> {
  const { rows } = await db.query<{ slot: string }>(
    `SELECT slot FROM (
       SELECT DISTINCT ON (c.key) c.key AS slot, c.value
         FROM events e, jsonb_each_text(e.data -> 'changes') AS c
        WHERE e.stream_id = $1 AND e.type = $2
        ORDER BY c.key, e.stream_position DESC
     ) latest
     WHERE value = $3
     ORDER BY slot`,
    [PLACEMENTS_STREAM, MediaPlacementsChanged.type, mediaId],
  );
  return rows.map((r) => r.slot);
}
