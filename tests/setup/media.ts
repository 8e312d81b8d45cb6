// Uploads to the coach's media library as a browser sends them (multipart/form-data), for the tests of the library
// and of what uses its files.
import type { App } from '../../server/app';
import type { Learner } from './learners';

const BOUNDARY = '----manifiesta-test';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export type UploadFile = { name: string; type: string; data: Buffer };

/** A multipart/form-data body: the file in `file`, any other fields as text. */
export function multipart(file: UploadFile | null, fields: Record<string, string> = {}) {
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

/** POST /api/coach/media as `who` (null: signed out). */
export const uploadMedia = (app: App, who: Learner | null, file: UploadFile | null, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/coach/media',
    headers: { ...(who ? { cookie: who.cookie } : {}), 'content-type': MULTIPART_TYPE },
    payload: multipart(file, fields),
  });
