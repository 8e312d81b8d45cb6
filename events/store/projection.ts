// Projections: read-model tables kept by pure folds of events. Inline ones run in the append transaction;
// async ones follow the log in commit-safe order with a checkpoint saved alongside their writes.
import type { Queryable, RecordedEvent } from './types';

export interface Projection {
  name: string;
  mode: 'inline' | 'async';
  /** Tables this projection owns; emptied before a rebuild. Nothing else writes them. */
  tables: readonly string[];
  eventTypes: readonly string[];
  /** Applies recorded events, in order, inside the caller's transaction. Never throws on a recorded event. */
  apply(tx: Queryable, events: readonly RecordedEvent[]): Promise<void>;
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };
export type Row = Record<string, JsonValue>;

export interface RowProjectionSpec<R extends Row> {
  name: string;
  mode: 'inline' | 'async';
  table: string;
  /** Primary-key columns of the table. */
  keyColumns: readonly (keyof R & string)[];
  eventTypes: readonly string[];
  /**
   * The row key an event affects, or undefined to ignore it. An inline projection's key must not be
   * shared across streams: appends to one stream are serialised, appends to different streams are not.
   */
  key(event: RecordedEvent): Partial<R> | undefined;
  /** Pure fold: the row before (undefined when absent) and an event give the row after (null deletes it). */
  evolve(row: R | undefined, event: RecordedEvent): R | null;
}

/**
 * A projection where each event updates one row, computed by a pure `evolve`. Rows travel as JSON both
 * ways (to_jsonb / jsonb_populate_recordset), so a fold sees the same values live and in a rebuild.
 */
export function rowProjection<R extends Row>(spec: RowProjectionSpec<R>): Projection {
  const { table, keyColumns } = spec;
  const keyOf = (row: Partial<R>) => JSON.stringify(keyColumns.map((c) => row[c] ?? null));
  const keyList = keyColumns.map((c) => `"${c}"`).join(', ');
  // Named statements: prepared once per connection (the upsert's text depends on the row's columns).
  // Each key is looked up on its own (LATERAL), by the primary key: a prepared statement is planned once
  // for any number of keys, and a plain IN over the JSON keys is planned as a scan of the whole table.
  const sameKey = keyColumns.map((c) => `t."${c}" = k."${c}"`).join(' AND ');
  const keysJoin = `jsonb_populate_recordset(null::${table}, $1::jsonb) k, LATERAL (SELECT t.ctid, to_jsonb(t) AS row FROM ${table} t WHERE ${sameKey} FOR UPDATE) x`;
  const selectSql = `SELECT x.row FROM ${keysJoin}`;
  const deleteSql = `DELETE FROM ${table} WHERE ctid = ANY (ARRAY(SELECT x.ctid FROM ${keysJoin}))`;
  const upsertNames = new Map<string, string>();

  return {
    name: spec.name,
    mode: spec.mode,
    tables: [table],
    eventTypes: spec.eventTypes,
    async apply(tx, events) {
      const touched = new Map<string, Partial<R>>();
      const work: Array<[string, RecordedEvent]> = [];
      for (const event of events) {
        if (!spec.eventTypes.includes(event.type)) continue;
        const key = spec.key(event);
        if (!key) continue;
        const k = keyOf(key);
        touched.set(k, key);
        work.push([k, event]);
      }
      if (work.length === 0) return;

      const { rows } = await tx.query<{ row: R }>({ name: `mf_select_${table}`, text: selectSql }, [JSON.stringify([...touched.values()])]);
      const state = new Map<string, R | null>();
      for (const { row } of rows) state.set(keyOf(row), row);
      for (const [k, event] of work) {
        const before = state.get(k) ?? undefined;
        state.set(k, spec.evolve(before, event));
      }

      const upserts: R[] = [];
      const deletes: Partial<R>[] = [];
      for (const [k, row] of state) {
        if (row) upserts.push(row);
        else deletes.push(touched.get(k)!);
      }
      if (deletes.length) {
        await tx.query({ name: `mf_delete_${table}`, text: deleteSql }, [JSON.stringify(deletes)]);
      }
      if (upserts.length) {
        const columns = Object.keys(upserts[0]!).filter((c) => !keyColumns.includes(c as keyof R & string));
        const set = columns.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ');
        const text = `INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(null::${table}, $1::jsonb)
           ON CONFLICT (${keyList}) DO ${set ? `UPDATE SET ${set}` : 'NOTHING'}`;
        let name = upsertNames.get(text);
        if (!name) upsertNames.set(text, (name = `mf_upsert_${table}_${upsertNames.size}`));
        await tx.query({ name, text }, [JSON.stringify(upserts)]);
      }
    },
  };
}
