// npm run db:migrate | db:rebuild — against DATABASE_URL, or the embedded database under DATA_DIR
// (started for the command, or the one a running `npm start` already serves).
import { createCatalog, projections } from '../events/registry';
import { rebuildProjections } from '../events/store/reader';
import { clearSnapshots } from '../events/store/snapshots';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { bringUpToDate } from '../server/db/up-to-date';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'rebuild') {
  console.error('usage: tsx scripts/db.ts migrate|rebuild');
  process.exit(2);
}

const config = loadConfig();
const db = await openDatabase(config, () => {});
try {
  await bringUpToDate(db.pool, console.log);
  if (command === 'rebuild') {
    const r = await rebuildProjections(db.pool, createCatalog(), projections);
    for (const p of r.projections) console.log(`rebuilt ${p.projection} from ${p.events} events`);
    const rate = r.ms > 0 ? Math.round((r.scanned / r.ms) * 1000) : 0;
    console.log(`replayed ${r.scanned} events in ${r.ms.toFixed(0)} ms (${rate} events/s)`);
    console.log(`cleared ${await clearSnapshots(db.pool)} fold snapshots (the next reads of long streams write them again)`);
  }
} finally {
  await db.close();
}
