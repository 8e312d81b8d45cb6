// Reads of the site settings in SQL, for what needs one field without the whole fold (whether a file is in use).
import type { Queryable } from '../store/types';
import { SITE_SETTINGS_STREAM, SiteSettingsChanged, type SettingsField } from './site.events';

/**
 * A field's current value: the last change that names it (a change records only the fields it changes, a restore
 * too). Null when no change ever set it; the environment's first values are not read here.
 */
export async function currentSetting(db: Queryable, field: SettingsField): Promise<string | null> {
  const { rows } = await db.query<{ value: string | null }>(
    `SELECT data -> 'changes' ->> $3::text AS value FROM events
      WHERE stream_id = $1 AND type = $2 AND data -> 'changes' ? $3::text
      ORDER BY stream_position DESC LIMIT 1`,
    [SITE_SETTINGS_STREAM, SiteSettingsChanged.type, field],
  );
  return rows[0]?.value ?? null;
}
