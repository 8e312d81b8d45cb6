// The build `npm start` serves (dist/client), read as files: what the browser could be sent, for the specs that
// check nothing private or paid ships in it. It builds nothing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

/** Files that carry text; media (audio, video, fonts, images, PDFs) are not code and are left out. */
const TEXT = /\.(js|mjs|css|html|json|webmanifest|txt|svg|xml|map)$/;

export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** A file's text as the browser would read it: decompressed, with escaped characters (\u00e9, \xe9) spelled out. */
export function textOf(file: string): string | null {
  const inner = file.replace(/\.(gz|br)$/, '');
  if (!TEXT.test(inner)) return null;
  let bytes = readFileSync(file);
  if (file.endsWith('.gz')) bytes = gunzipSync(bytes);
  if (file.endsWith('.br')) bytes = brotliDecompressSync(bytes);
  return bytes
    .toString('utf8')
    .replace(/\\u\{([0-9a-f]+)\}/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\u([0-9a-f]{4})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\x([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every text file of the build (compressed copies included), by its path under dist/client. */
export const buildTexts = () =>
  filesUnder(dist)
    .map((file) => ({ file: path.relative(dist, file), text: textOf(file) }))
    .filter((f): f is { file: string; text: string } => f.text !== null);
