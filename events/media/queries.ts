// The media library's read model (media) and its stored bytes (media_blobs): the desk's list, one file, a blob.
import type { MediaKind } from '../../course/media';
import type { Queryable } from '../store/types';
import type { MediaExt, MediaVariant } from './media.events';

export interface MediaRecord {
  id: string;
  kind: MediaKind;
  label: string | null;
  sha256: string;
  ext: MediaExt;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  variants: MediaVariant[];
  uploadedAt: string;
}

type Row = {
  media_id: string;
  kind: MediaKind;
  label: string | null;
  sha256: string;
  ext: MediaExt;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  variants: MediaVariant[];
  uploaded_at: Date;
};

const COLUMNS = 'media_id, kind, label, sha256, ext, content_type, bytes, width, height, duration_seconds, variants, uploaded_at';
const toRecord = (r: Row): MediaRecord => ({
  id: r.media_id,
  kind: r.kind,
  label: r.label,
  sha256: r.sha256,
  ext: r.ext,
  contentType: r.content_type,
  bytes: r.bytes,
  width: r.width,
  height: r.height,
  durationSeconds: r.duration_seconds,
  variants: r.variants,
  uploadedAt: r.uploaded_at.toISOString(),
});

/** The whole library, newest first. */
export async function allMedia(db: Queryable): Promise<MediaRecord[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM media ORDER BY uploaded_at DESC, media_id DESC`);
  return rows.map(toRecord);
}

export async function mediaById(db: Queryable, id: string): Promise<MediaRecord | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM media WHERE media_id = $1`, [id]);
  return rows[0] && toRecord(rows[0]);
}

/** Several files at once, by id (those not in the library are left out). */
export async function mediaByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, MediaRecord>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM media WHERE media_id = ANY ($1::uuid[])`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.media_id, toRecord(r)]));
}

export interface BlobToStore {
  sha256: string;
  contentType: string;
  data: Buffer;
}

/**
 * Stores bytes under their hash; bytes already stored are kept as they are (the same hash is the same bytes).
 * Those already stored are first locked (FOR SHARE) until this upload commits: a deletion that shares them waits
 * for it, then sees its row and keeps them (see deleteUnusedBlobs).
 */
export async function storeBlobs(tx: Queryable, blobs: readonly BlobToStore[]): Promise<void> {
  await tx.query('SELECT 1 FROM media_blobs WHERE sha256 = ANY ($1::text[]) ORDER BY sha256 FOR SHARE', [blobs.map((b) => b.sha256)]);
  for (const b of blobs) {
    await tx.query('INSERT INTO media_blobs (sha256, content_type, bytes, data) VALUES ($1, $2, $3, $4) ON CONFLICT (sha256) DO NOTHING', [
      b.sha256,
      b.contentType,
      b.data.length,
      b.data,
    ]);
  }
}

/**
 * Inside a deletion's transaction, after its row is gone: deletes those of these stored files that no file left in
 * the library names, as its own bytes or as one of its copies (the same bytes uploaded twice are stored once).
 * The files are locked first, so that an upload of the same bytes, or another deletion, is either seen or waits.
 */
export async function deleteUnusedBlobs(tx: Queryable, hashes: readonly string[]): Promise<void> {
  await tx.query('SELECT 1 FROM media_blobs WHERE sha256 = ANY ($1::text[]) ORDER BY sha256 FOR UPDATE', [hashes]);
  // A statement of its own: it sees what committed while the lock above waited.
  await tx.query(
    `DELETE FROM media_blobs b WHERE b.sha256 = ANY ($1::text[])
       AND NOT EXISTS (SELECT 1 FROM media m WHERE m.sha256 = b.sha256 OR m.variants @> jsonb_build_array(jsonb_build_object('sha256', b.sha256)))`,
    [hashes],
  );
}

/** A stored file's type and size, without its bytes. */
export async function blobInfo(db: Queryable, sha256: string): Promise<{ contentType: string; bytes: number } | undefined> {
  const { rows } = await db.query<{ content_type: string; bytes: number }>('SELECT content_type, bytes FROM media_blobs WHERE sha256 = $1', [sha256]);
  return rows[0] && { contentType: rows[0].content_type, bytes: rows[0].bytes };
}

/** Bytes `start` to `end` (inclusive) of a stored file, read from the database without the rest. */
export async function blobSlice(db: Queryable, sha256: string, start: number, end: number): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ data: Buffer }>('SELECT substring(data FROM $2::int FOR $3::int) AS data FROM media_blobs WHERE sha256 = $1', [
    sha256,
    start + 1,
    end - start + 1,
  ]);
  return rows[0]?.data;
}
