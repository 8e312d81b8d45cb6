// What `npm run db:migrate` does, shared by the scripts that leave a database ready for this version of the code
// (db:migrate, db:rebuild, db:restore): the SQL migrations, then the sealing and the rebuilds they make due.
import type pg from 'pg';
import { migrate } from './migrate';
import { sealOldEvents } from './seal-old-events';

export async function bringUpToDate(pool: pg.Pool, print: (line: string) => void): Promise<void> {
  const applied = await migrate(pool);
  print(applied.length ? `applied migrations: ${applied.join(', ')}` : 'migrations: up to date');
  const { sealed, rebuilt } = await sealOldEvents(pool);
  if (sealed) print(`sealed the personal fields of ${sealed} events written before sealing`);
  if (rebuilt.length) print(`rebuilt from the log: ${rebuilt.join(', ')}`);
}
