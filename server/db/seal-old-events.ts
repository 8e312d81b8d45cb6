// After the SQL migrations: the events written before personal fields were sealed get sealed (once; resumable),
// and the read models are rebuilt when any was, so that they know each lead's subject and forgetting finds them.
// A migration that changes what a read model holds names it in projection_rebuilds_due: it is rebuilt here too.
import type pg from 'pg';
import { createCatalog, projections } from '../../events/registry';
import { createKeyring } from '../../events/store/keyring';
import { rebuildProjections } from '../../events/store/reader';
import { sealExistingEvents } from '../../events/store/reseal';

export async function sealOldEvents(pool: pg.Pool): Promise<{ sealed: number; rebuilt: string[] }> {
  const catalog = createCatalog();
  const { sealed } = await sealExistingEvents(pool, catalog, createKeyring(pool));
  const { rows } = await pool.query<{ projection: string }>('SELECT projection FROM projection_rebuilds_due');
  const due = new Set(rows.map((r) => r.projection));
  const rebuild = sealed > 0 ? projections : projections.filter((p) => due.has(p.name));
  if (rebuild.length > 0) await rebuildProjections(pool, catalog, rebuild);
  if (due.size > 0) await pool.query('DELETE FROM projection_rebuilds_due WHERE projection = ANY($1::text[])', [[...due]]);
  return { sealed, rebuilt: rebuild.map((p) => p.name) };
}
