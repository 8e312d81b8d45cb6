// After the SQL migrations: the events written before personal fields were sealed get sealed (once; resumable),
// and the read models are rebuilt when any was, so that they know each lead's subject and forgetting finds them.
import type pg from 'pg';
import { createCatalog, projections } from '../../events/registry';
import { createKeyring } from '../../events/store/keyring';
import { rebuildProjections } from '../../events/store/reader';
import { sealExistingEvents } from '../../events/store/reseal';

export async function sealOldEvents(pool: pg.Pool): Promise<{ sealed: number; rebuilt: boolean }> {
  const catalog = createCatalog();
  const { sealed } = await sealExistingEvents(pool, catalog, createKeyring(pool));
  if (sealed > 0) await rebuildProjections(pool, catalog, projections);
  return { sealed, rebuilt: sealed > 0 };
}
