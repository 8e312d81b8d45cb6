// The small part of the tar format (POSIX ustar) a copy of a database cluster needs: directories and regular files,
// written as a stream and read back into a folder. Any `tar` reads what this writes.
import { promises as fs } from 'node:fs';
import path from 'node:path';

const BLOCK = 512;
const ZERO = Buffer.alloc(BLOCK);

export class TarError extends Error {}

export interface TarEntry {
  /** Relative, `/`-separated. */
  name: string;
  type: 'file' | 'directory';
  /** Permission bits. */
  mode: number;
  /** Bytes of a file (0 for a directory). */
  size: number;
  mtime: Date;
}

/** ustar keeps a name in two fields: up to 155 bytes of folders, then up to 100 of the rest. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new TarError(`a path too long for the archive: ${name}`);
}

function octal(buf: Buffer, offset: number, length: number, value: number) {
  const digits = value.toString(8).padStart(length - 1, '0');
  if (digits.length > length - 1) throw new TarError(`a value too large for the archive: ${value}`);
  buf.write(`${digits}\0`, offset, length, 'ascii');
}

function checksum(header: Buffer): number {
  let sum = 0;
  // The checksum field itself counts as eight spaces.
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

/** The 512-byte header of an entry. */
export function tarHeader(entry: TarEntry): Buffer {
  const h = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.type === 'directory' ? `${entry.name}/` : entry.name);
  h.write(base, 0, 100, 'utf8');
  octal(h, 100, 8, entry.mode & 0o7777);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  octal(h, 124, 12, entry.type === 'file' ? entry.size : 0);
  octal(h, 136, 12, Math.floor(entry.mtime.getTime() / 1000));
  h.write(entry.type === 'file' ? '0' : '5', 156, 1, 'ascii');
  h.write('ustar\0' + '00', 257, 8, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  h.write(`${checksum(h).toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

/** Zeros that bring a file's data to a whole block. */
export const tarPadding = (size: number): Buffer => ZERO.subarray(0, (BLOCK - (size % BLOCK)) % BLOCK);

/** Two zero blocks end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(2 * BLOCK);

const field = (h: Buffer, offset: number, length: number) => h.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');

function parseHeader(h: Buffer): TarEntry {
  const sum = Number.parseInt(field(h, 148, 8).trim(), 8);
  if (sum !== checksum(h) || field(h, 257, 5) !== 'ustar') throw new TarError('a damaged archive (a header does not check out)');
  const prefix = field(h, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + field(h, 0, 100);
  const flag = String.fromCharCode(h[156]!);
  const type = flag === '5' ? 'directory' : flag === '0' || flag === '\0' ? 'file' : undefined;
  if (!type) throw new TarError(`an entry of a kind this archive never holds (${flag}): ${name}`);
  return {
    name: name.replace(/\/+$/, ''),
    type,
    mode: Number.parseInt(field(h, 100, 8).trim() || '0', 8),
    size: type === 'file' ? Number.parseInt(field(h, 124, 12).trim() || '0', 8) : 0,
    mtime: new Date(Number.parseInt(field(h, 136, 12).trim() || '0', 8) * 1000),
  };
}

/**
 * Writes an archive's entries under `dest` (which must exist). Paths that would leave `dest` are refused; an archive
 * that stops before its end marker is an error, so a cut archive is never taken for a whole one. `owner`: who the
 * files and folders written belong to.
 */
export async function extractTar(source: AsyncIterable<Buffer> | Iterable<Buffer>, dest: string, owner?: { uid: number; gid: number }): Promise<number> {
  const root = path.resolve(dest);
  let files = 0;
  let current: { fd: fs.FileHandle; left: number; pad: number } | undefined;
  let ended = false;
  let buf: Buffer = Buffer.alloc(0);
  const target = (name: string) => {
    const p = path.resolve(root, name);
    if (!name || path.isAbsolute(name) || (p !== root && !p.startsWith(root + path.sep))) throw new TarError(`an entry outside the archive's folder: ${name}`);
    return p;
  };
  try {
    for await (const chunk of source) {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      let off = 0;
      for (;;) {
        if (current) {
          const n = Math.min(current.left, buf.length - off);
          if (n > 0) await current.fd.write(buf, off, n);
          off += n;
          current.left -= n;
          const skip = current.left === 0 ? Math.min(current.pad, buf.length - off) : 0;
          off += skip;
          current.pad -= skip;
          if (current.left > 0 || current.pad > 0) break;
          await current.fd.close();
          current = undefined;
          continue;
        }
        if (ended || buf.length - off < BLOCK) break;
        const header = buf.subarray(off, off + BLOCK);
        off += BLOCK;
        if (header.equals(ZERO)) {
          ended = true;
          continue;
        }
        const entry = parseHeader(header);
        const p = target(entry.name);
        if (entry.type === 'directory') {
          await fs.mkdir(p, { recursive: true });
          await fs.chmod(p, entry.mode);
          if (owner) await fs.chown(p, owner.uid, owner.gid);
          continue;
        }
        await fs.mkdir(path.dirname(p), { recursive: true });
        const fd = await fs.open(p, 'wx', entry.mode);
        if (owner) await fd.chown(owner.uid, owner.gid);
        files++;
        current = { fd, left: entry.size, pad: tarPadding(entry.size).length };
      }
      buf = ended ? Buffer.alloc(0) : buf.subarray(off);
    }
  } finally {
    await current?.fd.close();
  }
  if (current || !ended) throw new TarError('the archive is cut short (it ends before its last file)');
  return files;
}
