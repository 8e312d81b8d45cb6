import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extractTar, tarEnd, tarHeader, tarPadding, type TarEntry } from './tar';

const when = new Date('2026-11-28T03:45:00Z');
const dir = (name: string): TarEntry => ({ name, type: 'directory', mode: 0o700, size: 0, mtime: when });
function file(name: string, data: string, mode = 0o600): Buffer[] {
  const body = Buffer.from(data);
  return [tarHeader({ name, type: 'file', mode, size: body.length, mtime: when }), body, tarPadding(body.length)];
}

let dest: string | undefined;
afterEach(async () => {
  if (dest) await rm(dest, { recursive: true, force: true });
});
const extract = async (parts: Buffer[]) => {
  dest = await mkdtemp(path.join(os.tmpdir(), 'tar-test-'));
  // Chunks that do not fall on block boundaries, as gunzip hands them over.
  const whole = Buffer.concat(parts);
  const chunks = [whole.subarray(0, 700), whole.subarray(700, 701), whole.subarray(701)];
  return extractTar(chunks, dest);
};

describe('extractTar', () => {
  it('writes back the folders and files written, with their modes, long paths included', async () => {
    const deep = `pg/${'base/'.repeat(25)}2619_fsm`;
    expect(deep.length).toBeGreaterThan(100);
    const files = await extract([
      tarHeader(dir('pg')),
      ...file('pg/PG_VERSION', '18\n'),
      ...file(deep, 'x'.repeat(1500), 0o640),
      ...file('empty', ''),
      tarEnd(),
    ]);
    expect(files).toBe(3);
    expect(await readFile(path.join(dest!, 'pg/PG_VERSION'), 'utf8')).toBe('18\n');
    expect(await readFile(path.join(dest!, deep), 'utf8')).toBe('x'.repeat(1500));
    expect((await stat(path.join(dest!, deep))).mode & 0o777).toBe(0o640);
    expect((await stat(path.join(dest!, 'pg'))).mode & 0o777).toBe(0o700);
    expect(await readFile(path.join(dest!, 'empty'), 'utf8')).toBe('');
  });

  it('refuses an archive cut short, in a file or before its end marker', async () => {
    const parts = [...file('a', 'y'.repeat(2000)), tarEnd()];
    const whole = Buffer.concat(parts);
    await expect(extract([whole.subarray(0, 1200)])).rejects.toThrow(/cut short/);
    await rm(dest!, { recursive: true, force: true });
    await expect(extract([whole.subarray(0, whole.length - 1024)])).rejects.toThrow(/cut short/);
  });

  it('refuses a damaged header and a path that leaves the folder', async () => {
    const damaged = tarHeader(dir('pg'));
    damaged[10] = damaged[10]! ^ 0xff;
    await expect(extract([damaged, tarEnd()])).rejects.toThrow(/damaged/);
    await rm(dest!, { recursive: true, force: true });
    await expect(extract([...file('../outside', 'z'), tarEnd()])).rejects.toThrow(/outside/);
  });
});
