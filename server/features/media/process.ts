// What an uploaded file is, decided by its bytes alone (never its name or the type the browser declared), and
// what the library stores of it: an image decoded, turned upright, re-encoded without its metadata (no EXIF, no
// GPS) and copied at smaller widths in WebP and AVIF; an audio parsed to its end and kept as uploaded; a PDF
// checked for its header and its end. Anything else is refused with a Spanish message, before anything is stored.
import { createHash } from 'node:crypto';
import { parseBuffer } from 'music-metadata';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { MAX_AUDIO_SECONDS, MAX_IMAGE_PIXELS, MAX_MEDIA_BYTES, MEDIA_MESSAGES as M, type MediaKind } from '../../../course/media';
import { InvalidError, TooLargeError, UnsupportedTypeError } from '../../../events/errors';
import { MEDIA_TYPES, type MediaExt, type MediaVariant } from '../../../events/media/media.events';
import type { BlobToStore } from '../../../events/media/queries';

/** The widths of an image's copies (an image narrower than the largest gets one at its own width, never enlarged). */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

export interface ProcessedMedia {
  kind: MediaKind;
  file: { sha256: string; ext: MediaExt; bytes: number };
  width?: number;
  height?: number;
  durationSeconds?: number;
  variants: MediaVariant[];
  /** Every stored file (the main one first), for media_blobs. */
  blobs: BlobToStore[];
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const blob = (ext: MediaExt, data: Buffer): BlobToStore => ({ sha256: sha256(data), contentType: MEDIA_TYPES[ext], data });

const startsWith = (data: Buffer, text: string, at = 0) => data.subarray(at, at + text.length).toString('latin1') === text;

/** The type the bytes say they are, from their first bytes (the "magic numbers" of each format). */
export function sniff(data: Buffer): MediaExt | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (startsWith(data, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'webp';
  if (startsWith(data, '%PDF-')) return 'pdf';
  if (startsWith(data, 'OggS')) return 'ogg';
  // ISO media: the brand says audio-only M4A; any other brand may carry video (decided again once parsed).
  if (startsWith(data, 'ftyp', 4)) return /^M4[ABP] /.test(data.subarray(8, 12).toString('latin1')) ? 'm4a' : 'mp4';
  // Matroska/WebM: the EBML header.
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  // MP3: an ID3 tag, or straight into an MPEG audio frame (11 bits of frame sync).
  if (startsWith(data, 'ID3') || (data.length >= 2 && data[0] === 0xff && (data[1]! & 0xe0) === 0xe0)) return 'mp3';
  return undefined;
}

const KIND_OF: Record<MediaExt, MediaKind> = {
  jpg: 'image',
  png: 'image',
  webp: 'image',
  avif: 'image',
  mp3: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  pdf: 'pdf',
  mp4: 'video',
  webm: 'video',
};

async function processImage(data: Buffer, ext: 'jpg' | 'png' | 'webp'): Promise<ProcessedMedia> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' as const };
  let meta: Metadata;
  try {
    meta = await sharp(data, options).metadata();
  } catch {
    throw new InvalidError(M.brokenImage);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) throw new TooLargeError(M.imageTooBig);
  // The decoder may still find the file cut short or corrupt: any failure to decode is a damaged image.
  const encode = (image: Sharp, to: MediaExt) => {
    switch (to) {
      case 'jpg':
        return image.jpeg({ quality: 85, mozjpeg: true });
      case 'png':
        return image.png();
      case 'webp':
        return image.webp({ quality: 82 });
      case 'avif':
        return image.avif({ quality: 55, effort: 2 });
      default:
        throw new Error(`not an image type: ${to}`);
    }
  };
  let main: { data: Buffer; info: OutputInfo };
  try {
    // rotate() with no angle turns the photo upright by its EXIF orientation; the output keeps no metadata.
    main = await encode(sharp(data, options).rotate(), ext).toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidError(M.brokenImage);
  }
  const { width, height } = main.info;
  const widths = [...new Set([...VARIANT_WIDTHS.filter((w) => w < width), Math.min(width, VARIANT_WIDTHS.at(-1)!)])];
  const blobs = [blob(ext, main.data)];
  const variants: MediaVariant[] = [];
  for (const w of widths) {
    for (const to of ['avif', 'webp'] as const) {
      const out = await encode(sharp(main.data).resize({ width: w, withoutEnlargement: true }), to).toBuffer({ resolveWithObject: true });
      const stored = blob(to, out.data);
      blobs.push(stored);
      variants.push({ sha256: stored.sha256, ext: to, bytes: out.data.length, width: out.info.width, height: out.info.height });
    }
  }
  return { kind: 'image', file: { sha256: blobs[0]!.sha256, ext, bytes: main.data.length }, width, height, variants, blobs };
}

/** What music-metadata calls each container we take. */
const CONTAINERS: Record<'mp3' | 'm4a' | 'ogg' | 'mp4' | 'webm', (container: string) => boolean> = {
  mp3: (c) => c === 'MPEG',
  m4a: (c) => /M4A|mp4|mp42|isom|M4B/i.test(c),
  mp4: (c) => /mp4|mp41|mp42|isom|iso\d|avc1|M4V|M4A|dash/i.test(c),
  ogg: (c) => c.startsWith('Ogg'),
  webm: (c) => /webm|matroska|EBML/i.test(c),
};

/**
 * An audio or a video, parsed to its end for its duration: audio is kept as uploaded; an ISO file with no picture is
 * an M4A audio; a video must have a picture.
 */
async function processTimed(data: Buffer, ext: 'mp3' | 'm4a' | 'ogg' | 'mp4' | 'webm'): Promise<ProcessedMedia> {
  const video = ext === 'mp4' || ext === 'webm';
  const broken = video ? M.brokenVideo : M.brokenAudio;
  let format;
  try {
    ({ format } = await parseBuffer(data, { mimeType: MEDIA_TYPES[ext], size: data.length }, { duration: true, skipCovers: true }));
  } catch {
    throw new InvalidError(broken);
  }
  const duration = format.duration;
  // Its first bytes looked like audio or video, but nothing playable was found in it (a tag alone, a cut file).
  if (!format.container || !duration || !Number.isFinite(duration) || duration <= 0) throw new InvalidError(broken);
  if (!CONTAINERS[ext](format.container)) throw new UnsupportedTypeError(M.unsupported);
  if (ext === 'mp4' && !format.hasVideo && format.hasAudio) return processTimed(data, 'm4a');
  if (video ? !format.hasVideo : !format.hasAudio || format.hasVideo) throw new UnsupportedTypeError(M.unsupported);
  if (duration > MAX_AUDIO_SECONDS) throw new InvalidError(M.audioTooLong);
  const kind = video ? 'video' : 'audio';
  if (data.length > MAX_MEDIA_BYTES[kind]) throw new TooLargeError(M.tooLarge(kind, data.length));
  const stored = blob(ext, data);
  return {
    kind,
    file: { sha256: stored.sha256, ext, bytes: data.length },
    durationSeconds: Math.round(duration * 1000) / 1000,
    variants: [],
    blobs: [stored],
  };
}

function processPdf(data: Buffer): ProcessedMedia {
  // A PDF ends with %%EOF (a few bytes of line ends or padding may follow).
  if (!data.subarray(Math.max(0, data.length - 1024)).includes('%%EOF')) throw new InvalidError(M.brokenPdf);
  const stored = blob('pdf', data);
  return { kind: 'pdf', file: { sha256: stored.sha256, ext: 'pdf', bytes: data.length }, variants: [], blobs: [stored] };
}

/** Checks an uploaded file and prepares what the library stores of it; throws the Spanish refusal otherwise. */
export async function processUpload(data: Buffer): Promise<ProcessedMedia> {
  const ext = sniff(data);
  if (!ext || ext === 'avif') throw new UnsupportedTypeError(M.unsupported);
  const kind = KIND_OF[ext];
  if (data.length > MAX_MEDIA_BYTES[kind]) throw new TooLargeError(M.tooLarge(kind, data.length));
  switch (ext) {
    case 'jpg':
    case 'png':
    case 'webp':
      return processImage(data, ext);
    case 'mp3':
    case 'm4a':
    case 'ogg':
    case 'mp4':
    case 'webm':
      return processTimed(data, ext);
    case 'pdf':
      return processPdf(data);
  }
}
