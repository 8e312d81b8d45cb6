import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, candidateBindirs, defaultBackupFile, findClientTools, forTools, maskUrl, parseMajor } from './backup';

describe('connection URLs', () => {
  it('masks the password and nothing else', () => {
    expect(maskUrl('postgres://app:s3cr%40t@db.example.com:6543/manifiesta?sslmode=require')).toBe(
      'postgres://app:***@db.example.com:6543/manifiesta?sslmode=require',
    );
    expect(maskUrl('postgres://postgres@127.0.0.1:5432/postgres')).toBe('postgres://postgres@127.0.0.1:5432/postgres');
    expect(maskUrl('not a url')).not.toContain('not a url');
  });

  it('hands the tools the URL without its password, and the password (decoded) through PGPASSWORD', () => {
    const { dbname, env } = forTools('postgres://app:s3cr%40t@db.example.com/manifiesta?sslmode=require');
    expect(dbname).toBe('postgres://app@db.example.com/manifiesta?sslmode=require');
    expect(env).toEqual({ PGPASSWORD: 's3cr@t' });
    expect(forTools('postgres://postgres@127.0.0.1:5432/x').env).toEqual({});
  });
});

describe('defaultBackupFile', () => {
  it('names the file by the UTC moment, sortable and shell-safe', () => {
    expect(defaultBackupFile(new Date('2026-11-30T10:15:00.123Z'))).toBe(path.join('backups', 'manifiesta-20261130T101500Z.dump'));
  });
});

describe('parseMajor', () => {
  it('reads the major version of the tools and of old two-part versions', () => {
    expect(parseMajor('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(parseMajor('psql (PostgreSQL) 18.4')).toBe(18);
    expect(parseMajor('pg_restore (PostgreSQL) 9.6.24')).toBeCloseTo(9.6);
    expect(parseMajor('something else')).toBeUndefined();
  });
});

describe('finding the client tools', () => {
  let dir: string;
  const fakeBin = async (name: string, major: string, tools = ['pg_dump', 'pg_restore', 'psql']) => {
    const bin = path.join(dir, name, 'bin');
    await mkdir(bin, { recursive: true });
    for (const tool of tools) await writeFile(path.join(bin, tool), `#!/bin/sh\necho "${tool} (PostgreSQL) ${major}"\n`, { mode: 0o755 });
    return bin;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'manifiesta-tools-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('looks in PG_BINDIR, then the embedded package, then the newest of Debian’s versioned folders first, then PATH', async () => {
    const debian = path.join(dir, 'debian');
    await fakeBin('debian/15', '15.20');
    await fakeBin('debian/18', '18.4');
    await mkdir(path.join(debian, 'common'), { recursive: true });
    expect(candidateBindirs({ PG_BINDIR: '/opt/pg/bin' }, '/embedded/bin', debian)).toEqual([
      '/opt/pg/bin',
      '/embedded/bin',
      path.join(debian, '18', 'bin'),
      path.join(debian, '15', 'bin'),
      undefined,
    ]);
    expect(candidateBindirs({}, undefined, path.join(dir, 'nowhere'))).toEqual([undefined]);
  });

  it('takes the first folder whose three tools are at least the server’s version', async () => {
    const old = await fakeBin('old', '15.20');
    const partial = await fakeBin('partial', '18.4', ['pg_dump', 'psql']);
    const fit = await fakeBin('fit', '18.4');
    const tools = await findClientTools(18, [old, partial, fit, path.join(dir, 'missing')]);
    expect(tools).toMatchObject({ bindir: fit, major: 18, version: '18.4', pgDump: path.join(fit, 'pg_dump'), psql: path.join(fit, 'psql') });
    // A newer client reads an older server.
    expect((await findClientTools(15, [fit])).major).toBe(18);
  });

  it('says which tools it found and what to install when none fits', async () => {
    const old = await fakeBin('only-old', '15.20');
    const err = await findClientTools(18, [old]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toContain('PostgreSQL 18');
    expect((err as Error).message).toContain(`pg_dump 15.20 (${old})`);
    expect((err as Error).message).toContain('postgresql-client-18');
    expect((err as Error).message).toContain('PG_BINDIR');
    const none = await findClientTools(16, [path.join(dir, 'missing')]).catch((e: unknown) => e);
    expect((none as Error).message).toContain('No pg_dump, pg_restore and psql found');
  });
});
