// The coach's media library: each upload is one MediaUploaded on the file's own stream, naming the stored bytes
// by their SHA-256 (the bytes live in media_blobs, content-addressed, never in the log); a deletion is one
// MediaDeleted on the same stream.
import { z } from 'zod';
import { MAX_MEDIA_LABEL, MEDIA_KINDS } from '../../course/media';
import { defineEvent } from '../store/catalog';

export const mediaStream = (mediaId: string) => `media-${mediaId}`;

/** Every file type the library stores, by the extension of its address. */
export const MEDIA_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const;
export type MediaExt = keyof typeof MEDIA_TYPES;
export const MEDIA_EXTS = Object.keys(MEDIA_TYPES) as [MediaExt, ...MediaExt[]];

export const SHA256 = /^[0-9a-f]{64}$/;

const StoredFile = z.strictObject({
  sha256: z.string().regex(SHA256),
  ext: z.enum(MEDIA_EXTS),
  bytes: z.number().int().positive(),
});

/** A smaller copy of an image, for the browser to pick from (srcset). */
const Variant = StoredFile.extend({ width: z.number().int().positive(), height: z.number().int().positive() });
export type MediaVariant = z.output<typeof Variant>;

// Not personal: the coach's own files and the name she gives them, which she publishes on her site.
export const MediaUploaded = defineEvent(
  'MediaUploaded',
  1,
  z.strictObject({
    mediaId: z.uuid(),
    kind: z.enum(MEDIA_KINDS),
    label: z.string().max(MAX_MEDIA_LABEL).nullable(),
    file: StoredFile,
    /** Images: the size after applying the photo's orientation. */
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    /** Audio. */
    durationSeconds: z.number().positive().optional(),
    /** Images: WebP and AVIF copies at smaller widths (never enlarged). */
    variants: z.array(Variant),
  }),
);
export type MediaUploadedData = z.output<typeof MediaUploaded.schema>;

/** The coach took the file out of her library: its row goes, and its bytes with it when no other file has them. */
export const MediaDeleted = defineEvent('MediaDeleted', 1, z.strictObject({ mediaId: z.uuid() }));

export const mediaEvents = [MediaUploaded, MediaDeleted] as const;
