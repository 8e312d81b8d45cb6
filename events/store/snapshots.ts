// Fold snapshots (fold_snapshots): a stream's folded state at every `every`-th event, kept in PostgreSQL so that
// reading a long stream's state — now, or at a past position — folds at most `every` events after the nearest
// snapshot instead of the whole stream, in any process. A snapshot is a fold of a prefix of an append-only stream:
// it never becomes wrong, only old, and it is taken at fixed positions, so two processes writing one write the same.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { EventCatalog } from './catalog';
import { EVENT_COLUMNS, type EventRow } from './read';
import { ClosedValue } from './sealing';
import type { RecordedEvent } from './types';

/** A fold that may be snapshotted. */
export interface SnapshotFold<S> {
  initial: S;
  evolve: (state: S, event: RecordedEvent) => S;
  snapshot: {
    /** The fold's name in fold_snapshots. */
    name: string;
    /** The module that defines the fold (its import.meta.url): its code, and all it imports, make the fold's version. */
    source: string;
    /**
     * Whose stream it is (a subject, `user:<id>`): a snapshot is written only while that person's key exists, and
     * their erasure deletes them; undefined for a stream that is nobody's, which is never snapshotted.
     */
    owner: (streamId: string) => string | undefined;
  };
}

export const isSnapshotFold = <S>(fold: { initial: S; evolve: (state: S, event: RecordedEvent) => S }): fold is SnapshotFold<S> =>
  'snapshot' in fold && fold.snapshot !== undefined;

/** One stored snapshot: the state of the stream's events 1..version, the last of them at globalPosition. */
export interface Snapshot<S> {
  version: number;
  globalPosition: number;
  state: S;
}

/**
 * A snapshot every this many events of a stream: a read folds fewer than this after the nearest one (the coach's
 * state now stays within its 20 ms at any stream length), and a 100,000-event stream keeps 200 of each fold.
 */
export const SNAPSHOT_EVERY = 500;

// ---------------------------------------------------------------------------------------------------------------
// The fold's version: a hash of the source text of its module and of every module it imports by a relative path
// (the evolves of every part, the helpers and data they use), and of this file (the encoding). Any change to any of
// them gives another version, so a snapshot is never read by code other than the code that folded it; a change that
// does not touch the fold (a comment, a decision beside it) only costs folding again. The text is the one deployed
// (TypeScript, or the compiled JavaScript): one deployment agrees with itself, which is what matters.

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.js'];

function resolveFile(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = EXTENSIONS.map((ext) => base + ext);
  // Compiled code may name a TypeScript module by its .js name.
  if (spec.endsWith('.js')) candidates.push(base.slice(0, -3) + '.ts');
  return candidates.find((c) => statSync(c, { throwIfNoEntry: false })?.isFile());
}

function sourceClosure(entry: string): Map<string, string> {
  const texts = new Map<string, string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    if (texts.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    texts.set(file, text);
    for (const [, spec] of text.matchAll(IMPORT)) {
      const found = resolveFile(file, spec!);
      if (found && !texts.has(found)) pending.push(found);
    }
  }
  return texts;
}

const versions = new Map<string, string>();

/** The fold's version (computed once per process): see above. */
export function foldVersion(fold: Pick<SnapshotFold<unknown>, 'snapshot'>): string {
  let version = versions.get(fold.snapshot.source);
  if (!version) {
    const entry = fileURLToPath(fold.snapshot.source);
    const root = path.dirname(entry);
    const texts = new Map([...sourceClosure(entry), ...sourceClosure(fileURLToPath(import.meta.url))]);
    const hash = createHash('sha256');
    // Paths relative to the fold's module: the same code in another folder has the same version.
    for (const [file, text] of [...texts].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${path.relative(root, file)}\u0000${text}\u0000`);
    versions.set(fold.snapshot.source, (version = hash.digest('hex').slice(0, 32)));
  }
  return version;
}

// ---------------------------------------------------------------------------------------------------------------
// The encoding: a state as JSON, faithfully. Maps, Sets, Dates, undefined in arrays and numbers JSON has no word for
// are tagged; a personal text left closed (ClosedValue) is kept as the log keeps it — sealed, with whose key opens
// it — never as text. A plain object with a key that starts with `$` is itself tagged, so no tag is ever mistaken.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Sealed {
  sealed: string;
  aad: string;
  subject: string;
}

export function encodeState(value: unknown, subjects: Set<string> = new Set()): Json {
  const encode = (v: unknown): Json => encodeState(v, subjects);
  if (value === undefined) return { $undefined: 1 };
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : { $number: Object.is(value, -0) ? '-0' : String(value) };
  if (value instanceof ClosedValue) {
    const { sealed, aad, subject } = value.sealedParts();
    if (subject === undefined) throw new Error('a closed personal value without its subject cannot be snapshotted');
    subjects.add(subject);
    return { $sealed: sealed, aad, subject };
  }
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encode(k), encode(v)]) };
  if (value instanceof Set) return { $set: [...value].map(encode) };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return Array.from(value, encode);
  const proto: unknown = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    const entries = Object.entries(value as object).filter(([, v]) => v !== undefined);
    if (entries.some(([k]) => k.startsWith('$'))) return { $object: entries.map(([k, v]) => [k, encode(v)]) };
    return Object.fromEntries(entries.map(([k, v]) => [k, encode(v)]));
  }
  throw new Error(`a fold state holds a ${typeof value === 'object' ? (value as object).constructor?.name : typeof value}, which a snapshot cannot keep`);
}

/** The state back, each sealed text given to `sealed` (a ClosedValue, or its opened text). */
export function decodeState(value: unknown, sealed: (s: Sealed) => unknown): unknown {
  const decode = (v: unknown) => decodeState(v, sealed);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decode);
  const o = value as Record<string, unknown>;
  if ('$undefined' in o) return undefined;
  if ('$number' in o) return Number(o.$number);
  if ('$sealed' in o) return sealed({ sealed: o.$sealed as string, aad: o.aad as string, subject: o.subject as string });
  if ('$map' in o) return new Map((o.$map as [unknown, unknown][]).map(([k, v]) => [decode(k), decode(v)]));
  if ('$set' in o) return new Set((o.$set as unknown[]).map(decode));
  if ('$date' in o) return new Date(o.$date as string);
  if ('$object' in o) return Object.fromEntries((o.$object as [string, unknown][]).map(([k, v]) => [k, decode(v)]));
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, decode(v)]));
}

// ---------------------------------------------------------------------------------------------------------------

export interface FoldSnapshots {
  /** How many events apart snapshots are taken. */
  readonly every: number;
  /**
   * The stream's latest snapshot of this fold's version (at or before a global position, when given), undefined
   * when there is none. Its personal texts closed (ClosedValues, as `openClosedLater` reads events) or, with
   * `open`, opened as a read of the events would open them. Keys are read in the same statement, so a forgotten
   * person's texts read as REDACTED at once.
   */
  latest<S>(streamId: string, fold: SnapshotFold<S>, options?: { atOrBefore?: number; open?: boolean }): Promise<Snapshot<S> | undefined>;
  /**
   * Writes the snapshots the stream lacks (one every `every` events, from the latest one on) and drops those of
   * other versions of the fold. In the background: one at a time per stream and fold in this process, never
   * rejecting (a failure goes to onError: the reads it would speed up are right without it).
   */
  refresh<S>(streamId: string, fold: SnapshotFold<S>): Promise<void>;
  /** Resolves once the refreshes started so far have ended. */
  settled(): Promise<void>;
}

const LATEST_SQL = `SELECT s.version, s.global_position, s.state, k.subjects, k.keys
  FROM fold_snapshots s
  LEFT JOIN LATERAL (SELECT array_agg(p.subject) AS subjects, array_agg(p.key) AS keys FROM person_keys p WHERE p.subject = ANY (s.subjects)) k ON true
  WHERE s.stream_id = $1 AND s.fold = $2 AND s.fold_version = $3 AND ($4::bigint IS NULL OR s.global_position <= $4)
  ORDER BY s.global_position DESC LIMIT 1`;

// Written only while the owner's key is there, under a share lock on it: an erasure deletes the key (which waits
// for this statement's transaction) before it deletes the snapshots, so none written meanwhile is left behind.
const SAVE_SQL = `WITH owner AS (SELECT 1 FROM person_keys WHERE subject = $7 AND key IS NOT NULL FOR SHARE)
  INSERT INTO fold_snapshots (stream_id, fold, fold_version, version, global_position, state, subjects)
  SELECT $1, $2, $3, $4, $5, $6::jsonb, $8::text[] FROM owner
  ON CONFLICT DO NOTHING`;

const READ_CLOSED_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND stream_position > $2 AND stream_position <= $3 ORDER BY stream_position`;

/**
 * Deletes every snapshot (db:rebuild: everything derived from the log is derived again). Nothing is lost: the next
 * reads fold from the log and write them again.
 */
export async function clearSnapshots(db: pg.Pool): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM fold_snapshots');
  return rowCount ?? 0;
}

export function createFoldSnapshots(
  pool: pg.Pool,
  catalog: EventCatalog,
  { every = SNAPSHOT_EVERY, onError = (_err: unknown, _streamId: string) => {} }: { every?: number; onError?: (err: unknown, streamId: string) => void } = {},
): FoldSnapshots {
  const running = new Map<string, Promise<void>>();

  async function latest<S>(streamId: string, fold: SnapshotFold<S>, { atOrBefore, open = false }: { atOrBefore?: number; open?: boolean } = {}) {
    const { rows } = await pool.query<{ version: string; global_position: string; state: unknown; subjects: string[] | null; keys: (Buffer | null)[] | null }>({
      name: 'mf_latest_snapshot',
      text: LATEST_SQL,
      values: [streamId, fold.snapshot.name, foldVersion(fold), atOrBefore ?? null],
    });
    const row = rows[0];
    if (!row) return undefined;
    const keys = new Map((row.subjects ?? []).map((s, i) => [s, row.keys![i] ?? null]));
    const state = decodeState(row.state, ({ sealed, aad, subject }) => {
      const closed = new ClosedValue(keys.get(subject) ?? null, aad, sealed, subject);
      return open ? closed.open() : closed;
    }) as S;
    return { version: Number(row.version), globalPosition: Number(row.global_position), state };
  }

  async function write<S>(streamId: string, fold: SnapshotFold<S>, owner: string) {
    const version = foldVersion(fold);
    await pool.query('DELETE FROM fold_snapshots WHERE stream_id = $1 AND fold = $2 AND fold_version <> $3', [streamId, fold.snapshot.name, version]);
    let base: Snapshot<S> = (await latest(streamId, fold)) ?? { version: 0, globalPosition: 0, state: fold.initial };
    for (;;) {
      const boundary = (Math.floor(base.version / every) + 1) * every;
      const { rows } = await pool.query<EventRow>(READ_CLOSED_SQL, [streamId, base.version, boundary]);
      if (rows.length === 0 || Number(rows.at(-1)!.stream_position) < boundary) return;
      const events = rows.map((r) => catalog.openClosedLater(r));
      const next = { version: boundary, globalPosition: events.at(-1)!.globalPosition, state: events.reduce(fold.evolve, base.state) };
      const subjects = new Set<string>();
      const state = JSON.stringify(encodeState(next.state, subjects));
      const saved = await pool.query(SAVE_SQL, [streamId, fold.snapshot.name, version, next.version, next.globalPosition, state, owner, [...subjects]]);
      if (saved.rowCount === 0 && !(await exists(streamId, fold.snapshot.name, version, next.version))) return; // the owner's key is gone
      base = next;
    }
  }

  async function exists(streamId: string, name: string, version: string, at: number) {
    const { rowCount } = await pool.query('SELECT 1 FROM fold_snapshots WHERE stream_id = $1 AND fold = $2 AND fold_version = $3 AND version = $4', [
      streamId,
      name,
      version,
      at,
    ]);
    return rowCount !== 0;
  }

  return {
    every,
    latest,
    refresh(streamId, fold) {
      const owner = fold.snapshot.owner(streamId);
      if (owner === undefined) return Promise.resolve();
      const id = `${fold.snapshot.name}\u0000${streamId}`;
      const known = running.get(id);
      if (known) return known;
      const run = write(streamId, fold, owner)
        .catch((err: unknown) => onError(err, streamId))
        .finally(() => running.delete(id));
      running.set(id, run);
      return run;
    },
    async settled() {
      while (running.size) await Promise.all(running.values());
    },
  };
}
