// Sealing the events written before personal fields were sealed: in batches, each in one transaction with its
// checkpoint (event_sealing_progress), through the narrow exception of the events table's trigger (migration
// 023). Killed halfway, it resumes from the checkpoint; an event already sealed (metadata.sealedFor) is never
// touched again, by this code or by the trigger. Event ids, positions, order, transaction and time are kept.
import type pg from 'pg';
import type { EventCatalog } from './catalog';
import type { Keyring } from './keyring';
import { newDataKey, sealData } from './sealing';
import { inTransaction } from './transaction';

export interface ResealReport {
  sealed: number;
  batches: number;
}

export async function sealExistingEvents(
  pool: pg.Pool,
  catalog: EventCatalog,
  keyring: Keyring,
  { batchSize = 500, maxBatches = Infinity }: { batchSize?: number; maxBatches?: number } = {},
): Promise<ResealReport> {
  const types = catalog
    .definitions()
    .filter((d) => d.personal)
    .map((d) => d.type);
  const report: ResealReport = { sealed: 0, batches: 0 };
  while (report.batches < maxBatches) {
    const sealed = await inTransaction(pool, async (tx) => {
      await tx.query("SELECT set_config('mf.seal_events', 'on', true)");
      const { rows: progress } = await tx.query<{ global_position: string }>('SELECT global_position FROM event_sealing_progress FOR UPDATE');
      const from = progress[0]?.global_position ?? '0';
      const { rows } = await tx.query<{ global_position: string; stream_id: string; stream_position: string; event_id: string; type: string; data: unknown }>(
        `SELECT global_position, stream_id, stream_position, event_id, type, data FROM events
         WHERE global_position > $1 AND type = ANY($2::text[]) AND NOT (metadata ? 'sealedFor')
         ORDER BY global_position LIMIT $3 FOR UPDATE`,
        [from, types, batchSize],
      );
      if (rows.length === 0) return 0;
      const personal = rows.map((r) => catalog.personal(r.type)!);
      const subjectOf = await keyring.subjectIds();
      const subjects = rows.map((r, i) => subjectOf(personal[i]!.subject(r.data as never)));
      const keys = await keyring.keysFor(subjects);
      for (const [i, r] of rows.entries()) {
        const data = sealData(personal[i]!.fields, r.event_id, r.data, keys.get(subjects[i]!) ?? newDataKey());
        await tx.query(
          `UPDATE events SET data = $3::jsonb, metadata = metadata || jsonb_build_object('sealedFor', $4::text)
           WHERE stream_id = $1 AND stream_position = $2`,
          [r.stream_id, r.stream_position, JSON.stringify(data), subjects[i]],
        );
      }
      await tx.query(
        `INSERT INTO event_sealing_progress (global_position) VALUES ($1)
         ON CONFLICT (only_one) DO UPDATE SET global_position = EXCLUDED.global_position`,
        [rows.at(-1)!.global_position],
      );
      return rows.length;
    });
    if (sealed === 0) break;
    report.sealed += sealed;
    report.batches++;
  }
  return report;
}
