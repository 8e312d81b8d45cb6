// The coach's media library: upload (multipart, role 9), list and delete (a file the site uses is kept), and the
// files themselves served by their hash at /media/<sha256>.<ext> to everyone — immutable (the address changes with the bytes), with HEAD and byte
// ranges so that audio seeks.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { MAX_MEDIA_LABEL, MAX_UPLOAD_BYTES, MEDIA_KINDS, MEDIA_MESSAGES as M } from '../../../course/media';
import { InvalidError, NotFoundError, TooLargeError } from '../../../events/errors';
import { decideDelete, decideUpload, mediaFold, storedHashes } from '../../../events/media/media';
import { MEDIA_EXTS, MEDIA_TYPES, mediaStream, SHA256, type MediaExt, type MediaVariant } from '../../../events/media/media.events';
import { allMedia, blobInfo, blobSlice, deleteUnusedBlobs, mediaById, storeBlobs, type MediaRecord } from '../../../events/media/queries';
import { handleCommand } from '../../../events/store/command';
import type { Queryable } from '../../../events/store/types';
import type { EventStore } from '../../../events/store/event-store';
import { deterministicUuid, timeOrderedUuid } from '../../../events/store/ids';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { eventIdFor, keyedWrite } from '../../request';
import { requireCoach } from '../coach/routes';
import { processUpload } from './process';
import { mediaUses } from './uses';

export const mediaUrl = (file: { sha256: string; ext: MediaExt }) => `/media/${file.sha256}.${file.ext}`;

const VariantShape = z.object({ url: z.string(), type: z.string(), width: z.number(), height: z.number(), bytes: z.number() });
export const MediaItem = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  label: z.string().nullable(),
  url: z.string().describe('La dirección del archivo (cambia si cambian sus bytes: se guarda en caché para siempre)'),
  contentType: z.string(),
  bytes: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  uploadedAt: z.string(),
  variants: z.array(VariantShape).describe('Imágenes: copias más chicas en AVIF y WebP'),
});

const variantView = (v: MediaVariant) => ({ url: mediaUrl(v), type: MEDIA_TYPES[v.ext], width: v.width, height: v.height, bytes: v.bytes });

export const mediaView = (r: MediaRecord): z.output<typeof MediaItem> => ({
  id: r.id,
  kind: r.kind,
  label: r.label,
  url: mediaUrl(r),
  contentType: r.contentType,
  bytes: r.bytes,
  width: r.width,
  height: r.height,
  durationSeconds: r.durationSeconds,
  uploadedAt: r.uploadedAt,
  variants: r.variants.map(variantView),
});

/** An image as an <img>/<picture> wants it: the main file, its size, and a srcset per format of the copies. */
export const ResponsiveImage = z.object({
  src: z.string(),
  width: z.number(),
  height: z.number(),
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })).describe('AVIF primero, luego WebP'),
});
export function responsiveImage(r: MediaRecord): z.output<typeof ResponsiveImage> | null {
  if (r.kind !== 'image' || !r.width || !r.height) return null;
  const sources = (['avif', 'webp'] as const)
    .map((ext) => ({
      type: MEDIA_TYPES[ext],
      srcset: r.variants
        .filter((v) => v.ext === ext)
        .map((v) => `${mediaUrl(v)} ${v.width}w`)
        .join(', '),
    }))
    .filter((s) => s.srcset);
  return { src: mediaUrl(r), width: r.width, height: r.height, sources };
}

/**
 * An image chosen for the site (the coach's portrait, a testimonial's photo, a letter's cover) must be an image of the
 * library: anything else is refused with `refusal` before it is recorded. Gives the image (none when no id was given).
 */
export async function checkLibraryImage(db: Queryable, id: string | null | undefined, refusal: string = M.notAnImage): Promise<MediaRecord | undefined> {
  if (!id) return undefined;
  const media = await mediaById(db, id);
  if (media?.kind !== 'image') throw new InvalidError(refusal);
  return media;
}

/** An image of the library ready for <img>/<picture>, or null: none chosen, or no longer an image of the library. */
export async function libraryImage(db: Queryable, id: string | null): Promise<z.output<typeof ResponsiveImage> | null> {
  const media = id ? await mediaById(db, id) : undefined;
  return media ? responsiveImage(media) : null;
}

/** A year, the longest a cache is asked to keep anything: the bytes at an address never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FILE = new RegExp(`^(${SHA256.source.slice(1, -1)})\\.(${MEDIA_EXTS.join('|')})$`);

/** The one byte range a request asks for, clamped to the file; 'unsatisfiable' when none of it is in the file. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: the whole file, which a client must accept.
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * A stored file as the answer (its type, an ETag of its hash, the part a media player asked for with Range), read
 * from the database without the rest. Used by /media and by the guarded routes that serve a restricted file.
 */
export async function sendBlob(
  pool: pg.Pool,
  request: FastifyRequest,
  reply: FastifyReply,
  blob: { sha256: string; contentType: string; bytes: number },
  cacheControl: string,
) {
  const etag = `"${blob.sha256}"`;
  reply
    .header('content-type', blob.contentType)
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = parseRange(request.headers.range, blob.bytes);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${blob.bytes}`).send();
  const { start, end } = range ?? { start: 0, end: blob.bytes - 1 };
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${blob.bytes}`);
  reply.header('content-length', end - start + 1);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await blobSlice(pool, blob.sha256, start, end));
}

const mediaRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool }> = async (app, { store, pool }) => {
  // Only this plugin's routes read multipart bodies (the rest of the API takes JSON alone).
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 2048, parts: 6 } });

  app.post(
    '/api/coach/media',
    {
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        operationId: 'coachUploadMedia',
        tags: ['media'],
        summary:
          'Sube una imagen (JPEG, PNG, WebP: hasta 10 MB), un audio (MP3, M4A, OGG: hasta 60 MB), un PDF (hasta 30 MB) o un video (MP4, WebM: hasta 100 MB). multipart/form-data: el archivo en el campo `file`, un nombre opcional en `label`',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(MediaItem), ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 413: ErrorEnvelope, 415: ErrorEnvelope },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      if (!request.isMultipart()) throw new InvalidError(M.noFile);
      let data: Buffer | undefined;
      let label: string | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !data) data = await part.toBuffer();
            else await part.toBuffer();
          } else if (part.fieldname === 'label' && typeof part.value === 'string') {
            label = part.value.trim() || null;
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new TooLargeError(M.overUploadLimit);
        // Anything else while reading the parts is the body itself (cut short, not a form): the sender's to fix.
        request.log.info({ err: (err as Error).message }, 'media upload: unreadable form');
        throw new InvalidError(M.unreadableForm);
      }
      if (!data || data.length === 0) throw new InvalidError(M.noFile);
      if (label && label.length > MAX_MEDIA_LABEL) throw new InvalidError(M.labelTooLong);
      const processed = await processUpload(data);

      const eventId = eventIdFor(request, 0);
      const mediaId = eventId ? deterministicUuid('media', eventId) : timeOrderedUuid();
      const { blobs, ...upload } = processed;
      await handleCommand(
        store,
        mediaStream(mediaId),
        mediaFold,
        (state) => {
          const events = decideUpload({ mediaId, label, ...upload }, state, eventId);
          // The bytes and the event that names them commit together, or neither does.
          return { events, alsoInTransaction: (tx) => storeBlobs(tx, blobs) };
        },
        // Under an Idempotency-Key, the same file and name again is a retry (answered as the first); another is a 422.
        { ...keyedWrite(request, coach.id, { body: { file: createHash('sha256').update(data).digest('hex'), label } }), streamType: 'media', usuallyNew: true },
      );
      const saved = await mediaById(pool, mediaId);
      if (!saved) throw new NotFoundError(M.noFile);
      return { success: true as const, message: M.uploaded, data: mediaView(saved) };
    },
  );

  app.get(
    '/api/coach/media',
    {
      schema: {
        operationId: 'coachListMedia',
        tags: ['media'],
        summary: 'La biblioteca de medios, lo más reciente primero',
        response: { 200: envelope(z.array(MediaItem)), ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) => {
      await requireCoach(request);
      return { success: true as const, message: 'Biblioteca de medios.', data: (await allMedia(pool)).map(mediaView) };
    },
  );

  app.delete(
    '/api/coach/media/:id',
    {
      schema: {
        operationId: 'coachDeleteMedia',
        tags: ['media'],
        summary:
          'Borra un archivo de la biblioteca y sus bytes (salvo que otro archivo tenga los mismos). Un archivo que el sitio usa no se borra: 409 con dónde se usa',
        params: z.object({ id: z.uuid(M.notFound) }),
        response: {
          200: envelope(z.null()),
          ...errorResponses,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          ...keyedWriteErrors,
        },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const mediaId = request.params.id;
      const uses = await mediaUses(pool, mediaId);
      await handleCommand(
        store,
        mediaStream(mediaId),
        mediaFold,
        (state) => {
          const events = decideDelete({ mediaId, uses, eventId: eventIdFor(request, 0) }, state);
          // The row goes with the event (inline projection); then, in the same transaction, the bytes no other file names.
          const hashes = state.uploaded ? storedHashes(state.uploaded) : [];
          return { events, alsoInTransaction: (tx) => deleteUnusedBlobs(tx, hashes) };
        },
        { ...keyedWrite(request, coach.id), streamType: 'media' },
      );
      return { success: true as const, message: M.deleted, data: null };
    },
  );

  // HEAD is answered by the same handler (not by Fastify's automatic HEAD, which would count the empty body as
  // the length); each method is its own operation in the API's description.
  for (const method of ['GET', 'HEAD'] as const)
    app.route({
      method,
      url: '/media/:file',
      exposeHeadRoute: false,
      schema: {
        operationId: method === 'GET' ? 'getMediaFile' : 'headMediaFile',
        tags: ['media'],
        summary:
          method === 'GET'
            ? 'Un archivo de la biblioteca por su hash; con Range: bytes=… solo esa parte (206)'
            : 'El tipo y el tamaño de un archivo de la biblioteca, sin sus bytes',
        params: z.object({ file: z.string() }),
      },
      handler: async (request, reply) => {
        const match = FILE.exec(request.params.file);
        const info = match && (await blobInfo(pool, match[1]!));
        if (!match || !info || info.contentType !== MEDIA_TYPES[match[2] as MediaExt]) {
          return reply.code(404).header('cache-control', 'no-store').send({ success: false, message: 'No encontramos ese archivo.', data: null });
        }
        return sendBlob(pool, request, reply, { sha256: match[1]!, ...info }, IMMUTABLE);
      },
    });
};

export default mediaRoutes;
