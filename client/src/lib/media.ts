// The coach's media library on the server, shared by the desk's media page and the image pickers (her portrait,
// a testimonial's photo): the library (key ['media']), the upload, which sends the file as multipart/form-data, and
// the deletion.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { kindName, MAX_MEDIA_BYTES, MAX_MEDIA_LABEL, MEDIA_MESSAGES, type MediaKind } from '../../../course/media';
import { api, unwrap } from '../api/client';
import type { paths } from '../api/schema';

export type MediaItem = paths['/api/coach/media']['get']['responses'][200]['content']['application/json']['data'][number];

/** What the desk calls a file: its name, or «Audio sin nombre» and the like. */
export const mediaName = (item: MediaItem) => item.label ?? `${kindName(item.kind)} sin nombre`;

/** The smallest WebP copy of an image, for a thumbnail (the file itself when it has none). */
export const thumbnailOf = (item: MediaItem) => item.variants.filter((v) => v.type === 'image/webp').sort((a, b) => a.width - b.width)[0]?.url ?? item.url;

const LOAD_ERROR = 'No se pudo cargar tu biblioteca de medios. Revisa tu conexión e inténtalo de nuevo.';
const UPLOAD_ERROR = 'No se pudo subir el archivo. Revisa tu conexión e inténtalo de nuevo.';
const DELETE_ERROR = 'No se pudo borrar el archivo. Revisa tu conexión e inténtalo de nuevo.';

export const mediaQueries = {
  key: () => ['media'] as const,
  library: () => queryOptions({ queryKey: mediaQueries.key(), queryFn: async () => unwrap(await api.GET('/api/coach/media'), LOAD_ERROR) }),
};

/** The kind a browser's declared type suggests, for a message before sending (the server decides by the bytes). */
function declaredKind(type: string): MediaKind | undefined {
  if (/^image\/(jpeg|png|webp)$/.test(type)) return 'image';
  if (/^audio\//.test(type)) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (/^video\/(mp4|webm)$/.test(type)) return 'video';
  return undefined;
}

/** What is wrong with a file before it is sent, when the browser can tell: its size over its kind's limit. */
export function uploadProblem(file: File | null, label = ''): string | undefined {
  if (!file || file.size === 0) return MEDIA_MESSAGES.noFile;
  if (label.trim().length > MAX_MEDIA_LABEL) return MEDIA_MESSAGES.labelTooLong;
  const kind = declaredKind(file.type);
  if (kind && file.size > MAX_MEDIA_BYTES[kind]) return MEDIA_MESSAGES.tooLarge(kind, file.size);
  return undefined;
}

export const mediaMutations = {
  upload: () =>
    mutationOptions({
      mutationFn: async ({ file, label }: { file: File; label?: string }) => {
        const form = new FormData();
        if (label?.trim()) form.append('label', label.trim());
        form.append('file', file);
        // FormData goes as it is: the browser writes the multipart Content-Type with its boundary.
        return unwrap(await api.POST('/api/coach/media', { body: form as never }), UPLOAD_ERROR);
      },
    }),
  /** Refused with the places that use the file while the site shows it (the server's message says which). */
  remove: () =>
    mutationOptions({
      mutationFn: async (id: string) => unwrap(await api.DELETE('/api/coach/media/{id}', { params: { path: { id } } }), DELETE_ERROR),
    }),
};
