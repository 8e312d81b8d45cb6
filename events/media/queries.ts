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

export interface BlobToStore {
  sha256: string;
  contentType: string;
  data: Buffer;
}

/** Stores bytes under their hash; bytes already stored are kept as they are (the same hash is the same bytes). */
export async function storeBlobs(tx: Queryable, blobs: readonly BlobToStore[]): Promise<void> {
  for (const b of blobs) {
    await tx.query('INSERT INTO media_blobs (sha256, content_type, bytes, data) VALUES ($1, $2, $3, $4) ON CONFLICT (sha256) DO NOTHING', [
      b.sha256,
      b.contentType,
      b.data.length,
      b.data,
    ]);
  }
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
