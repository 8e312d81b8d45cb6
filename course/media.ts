// The coach's media library: the kinds of file she can upload, their limits and every message about them, shared
// by the server (which checks each file by its content) and the desk's upload form (which says the same before
// sending).

export const MEDIA_KINDS = ['image', 'audio', 'pdf', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const MB = 1024 * 1024;

/**
 * The largest file of each kind, in bytes. A video of a few minutes fits; a longer one is better on YouTube or Vimeo
 * (the desk takes their links), since every byte of the library lives in the database.
 */
export const MAX_MEDIA_BYTES: Record<MediaKind, number> = { image: 10 * MB, audio: 60 * MB, pdf: 30 * MB, video: 100 * MB };
/** What the upload reads at most: a little above the largest kind, so a file just over a limit gets that kind's message. */
export const MAX_UPLOAD_BYTES = MAX_MEDIA_BYTES.video + MB;
/** An image decodes to at most this many pixels (a 50-megapixel photo): a small file cannot hide a huge image. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** An audio or a video of the library lasts at most this long (a long guided meditation or a chapter of the audiobook). */
export const MAX_AUDIO_SECONDS = 3 * 60 * 60;
export const MAX_MEDIA_LABEL = 120;

/** The file types the upload field offers (the server decides by the content, whatever the browser says). */
export const MEDIA_ACCEPT =
  'image/jpeg,image/png,image/webp,audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,application/pdf,video/mp4,video/webm,.jpg,.jpeg,.png,.webp,.mp3,.m4a,.ogg,.pdf,.mp4,.webm';

const KIND_NAMES: Record<MediaKind, { plural: string; one: string }> = {
  image: { plural: 'imágenes', one: 'Imagen' },
  audio: { plural: 'audios', one: 'Audio' },
  pdf: { plural: 'PDF', one: 'PDF' },
  video: { plural: 'videos', one: 'Video' },
};

export const kindName = (kind: MediaKind) => KIND_NAMES[kind].one;

/** A size as people read it: «850 KB», «12,4 MB». */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es')} KB`;
  const mb = bytes / MB;
  return `${(Math.round(mb * 10) / 10).toLocaleString('es', { maximumFractionDigits: 1 })} MB`;
}

/** A duration as people read it: «0:45», «12:05», «1:02:09». */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

export const MEDIA_MESSAGES = {
  noFile: 'Elige un archivo para subir.',
  unreadableForm: 'No pudimos recibir el archivo completo: la subida llegó cortada o dañada. Inténtalo de nuevo.',
  unsupported: 'Este archivo no es una imagen, un audio, un PDF ni un video que podamos usar: sube JPEG, PNG, WebP, MP3, M4A, OGG, PDF, MP4 o WebM.',
  tooLarge: (kind: MediaKind, bytes: number) =>
    `El archivo pesa ${formatBytes(bytes)} y el máximo para ${KIND_NAMES[kind].plural} es ${formatBytes(MAX_MEDIA_BYTES[kind])}.`,
  overUploadLimit: `El archivo pesa más de ${formatBytes(MAX_UPLOAD_BYTES)}: el máximo es ${formatBytes(MAX_MEDIA_BYTES.video)} para videos, ${formatBytes(MAX_MEDIA_BYTES.audio)} para audios, ${formatBytes(MAX_MEDIA_BYTES.pdf)} para PDF y ${formatBytes(MAX_MEDIA_BYTES.image)} para imágenes. Para un video más largo, súbelo a YouTube o Vimeo y pega su enlace.`,
  brokenImage: 'No pudimos leer esta imagen: parece dañada. Prueba exportarla de nuevo.',
  imageTooBig: `Esta imagen tiene demasiados píxeles (el máximo es ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles). Redúcela y vuelve a subirla.`,
  brokenAudio: 'No pudimos leer este audio: parece dañado o vacío. Prueba exportarlo de nuevo en MP3, M4A u OGG.',
  audioTooLong: `Este audio dura más de ${MAX_AUDIO_SECONDS / 3600} horas, el máximo. Divídelo en partes más cortas.`,
  brokenVideo: 'No pudimos leer este video: parece dañado o incompleto. Prueba exportarlo de nuevo en MP4 (H.264) o WebM.',
  brokenPdf: 'No pudimos leer este PDF: parece incompleto o dañado. Prueba guardarlo de nuevo como PDF.',
  labelTooLong: `El nombre puede tener hasta ${MAX_MEDIA_LABEL} caracteres.`,
  uploaded: 'Archivo subido.',
  notAnImage: 'Elige una imagen de tu biblioteca de medios como foto.',
  notFound: 'Ese archivo ya no está en tu biblioteca.',
  deleted: 'Archivo borrado.',
} as const;
