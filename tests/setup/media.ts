// Uploads to the coach's media library in integration tests: the multipart body a browser sends.
import type { App } from '../../server/app';
import sharp from 'sharp';

export interface UploadedFile {
  name: string;
  type: string;
  data: Buffer;
}

const BOUNDARY = '----manifiesta-test';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart/form-data body as a browser sends it: the file in `file`, any other fields as text. */
export function multipart(file: UploadedFile | null, fields: Record<string, string> = {}): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** POST /api/coach/media with a file, as whoever the cookie is (none: signed out). */
export const uploadMedia = (app: App, cookie: string | null, file: UploadedFile | null, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/coach/media',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': MULTIPART_TYPE },
    payload: multipart(file, fields),
  });

/** A PNG of one colour, different for each `shade`. */
export const plainImage = async (shade: number, width = 700, height = 400): Promise<UploadedFile> => ({
  name: 'imagen.png',
  type: 'image/png',
  data: await sharp({ create: { width, height, channels: 3, background: { r: shade % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer(),
});
