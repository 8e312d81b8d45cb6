// The letters' read model (letters): one letter for the desk and the mail worker, the desk's list, the archive.
import type { LetterWithCover } from '../../course/newsletter';
import type { Queryable } from '../store/types';
import type { LetterStatus } from './letters';
import type { LetterColumns } from './projections/letters';

export type StoredLetter = LetterWithCover & { id: string; status: LetterStatus; publishedOn: string | null };
export type LetterSummary = Omit<StoredLetter, 'markdown' | 'cover'> & { createdAt: string; updatedAt: string };

/** A row as read here: its times as dates. */
type Row = Omit<LetterColumns, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
// The day as written (a date column would come back as a local midnight).
const COLUMNS = `id, title, slug, series, cover, status, to_char(published_on, 'YYYY-MM-DD') AS published_on, created_at, updated_at`;

const toStored = (r: Row): StoredLetter => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  series: r.series,
  markdown: r.markdown,
  cover: r.cover,
  status: r.status,
  publishedOn: r.published_on,
});
const toSummary = (r: Omit<Row, 'markdown' | 'cover'>): LetterSummary => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  series: r.series,
  status: r.status,
  publishedOn: r.published_on,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export async function loadLetter(db: Queryable, id: string): Promise<StoredLetter | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS}, markdown FROM letters WHERE id = $1`, [id]);
  return rows[0] ? toStored(rows[0]) : null;
}

/** Every letter for the desk: drafts and published, the last touched first. */
export async function allLetters(db: Queryable): Promise<LetterSummary[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM letters ORDER BY updated_at DESC, id`);
  return rows.map(toSummary);
}

/** The archive: published letters, newest first (the slug breaks a tie), with their text for the excerpt. */
export async function publishedLetters(db: Queryable): Promise<StoredLetter[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS}, markdown FROM letters WHERE status = 'published' ORDER BY published_on DESC, slug DESC`);
  return rows.map(toStored);
}

/** A published letter at its address, with when it last changed, or null (a draft is not there). */
export async function publishedLetter(db: Queryable, series: string, slug: string): Promise<(StoredLetter & { updatedAt: string }) | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS}, markdown FROM letters WHERE series = $1 AND slug = $2 AND status = 'published'`, [series, slug]);
  return rows[0] ? { ...toStored(rows[0]), updatedAt: rows[0].updated_at.toISOString() } : null;
}

/** Whether another letter than `id` has this address. */
export async function letterAddressTaken(db: Queryable, series: string, slug: string, id: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM letters WHERE series = $1 AND slug = $2 AND id <> $3`, [series, slug, id]);
  return rows.length > 0;
}

/** The titles of the letters whose cover is this file of the library, oldest first. */
export async function lettersWithCover(db: Queryable, mediaId: string): Promise<string[]> {
  const { rows } = await db.query<{ title: string }>(`SELECT title FROM letters WHERE cover = $1 ORDER BY created_at, id`, [mediaId]);
  return rows.map((r) => r.title);
}

/** Changes with every change of any letter (its newest change, and how many are published): the archive's ETag. */
export async function lettersVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ v: string }>(
    `SELECT coalesce(extract(epoch FROM max(updated_at))::text, '0') || '-' || count(*) FILTER (WHERE status = 'published') AS v FROM letters`,
  );
  return rows[0]!.v;
}
