// The compiled server (what `npm run build` writes and the Docker image runs) started by plain node, without tsx,
// against a fresh database: it finds what it reads at run time from the project folder — the migrations, the
// archive's seed letters — and answers as the TypeScript server does.
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../server/project-root';
import { startServerProcess, type ServerProcess } from '../server/resilience/server-process';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';

const outDir = fromRoot('dist', `.test-build-${process.pid}`);
let db: TestDatabase;
let server: ServerProcess;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', outDir], { cwd: fromRoot(), encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  db = await createTestDatabase();
  server = await startServerProcess(db.url, {}, ['--enable-source-maps', path.join(outDir, 'server/main.js')]);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
  await rm(outDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('runs on node alone: migrated, seeded, healthy', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: { database: string; queue: string } }).data).toMatchObject({ database: 'ok', queue: 'ok' });

    // The seed letters are Markdown files read at start-up: the archive shows the first one with its text.
    const letter = await fetch(`${server.baseUrl}/api/newsletter/letters/dean/2025-07-01-el-arte-de-soltar`);
    expect(letter.status).toBe(200);
    expect(JSON.stringify(await letter.json())).toContain('El arte de soltar');
  });
});
