import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '../../events/registry';
import { createEventStore } from '../../events/store/event-store';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';

// The HTTP layer only: no request here reaches the database, so the pool never connects.
let dir: string;
let app: App;
const pool = new pg.Pool({ connectionString: 'postgres://unused@127.0.0.1:1/unused' });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'manifiesta-client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Manifiesta</title>');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
  app = await buildApp({
    config: { ...loadConfig({}), LOG_LEVEL: 'silent' },
    pool,
    store: createEventStore({ pool, catalog: createCatalog() }),
    jobs: { health: async () => ({ ok: true }), send: async () => null, getJob: async () => undefined },
    logger: pino({ level: 'silent' }),
    clientDir: dir,
  });
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await rm(dir, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('answers / and every client route with the shell, never cached', async () => {
    for (const url of ['/', '/menu', '/cursos/manifiesta/12-areas-balance', '/no-existe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Manifiesta</title>');
    }
  });

  it('serves hashed assets for a year, other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves a file added after start (a rebuild while running)', async () => {
    await writeFile(path.join(dir, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('a missing asset or API path is a 404, not the shell', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, message: 'Ruta no encontrada.', data: null });
  });
});
