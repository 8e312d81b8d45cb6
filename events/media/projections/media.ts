// Inline read model of the media library: one row per file in it (what the desk lists and the site links to); a
// deleted file's row goes.
import { rowProjection } from '../../store/projection';
import { MEDIA_TYPES, MediaDeleted, MediaUploaded, type MediaVariant } from '../media.events';

export interface MediaRow {
  [column: string]: string | number | null | MediaVariant[];
  media_id: string;
  kind: string;
  label: string | null;
  sha256: string;
  content_type: string;
  ext: string;
  bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  variants: MediaVariant[];
  uploaded_at: string;
}

export const mediaProjection = rowProjection<MediaRow>({
  name: 'media',
  mode: 'inline',
  table: 'media',
  keyColumns: ['media_id'],
  eventTypes: [MediaUploaded.type, MediaDeleted.type],
  key: (e) => (MediaUploaded.is(e) || MediaDeleted.is(e) ? { media_id: e.data.mediaId } : undefined),
  evolve: (row, e) => {
    if (MediaDeleted.is(e)) return null;
    if (!MediaUploaded.is(e)) return row ?? null;
    const d = e.data;
    return {
      media_id: d.mediaId,
      kind: d.kind,
      label: d.label,
      sha256: d.file.sha256,
      content_type: MEDIA_TYPES[d.file.ext],
      ext: d.file.ext,
      bytes: d.file.bytes,
      width: d.width ?? null,
      height: d.height ?? null,
      duration_seconds: d.durationSeconds ?? null,
      variants: d.variants,
      uploaded_at: e.recordedAt.toISOString(),
    };
  },
});
