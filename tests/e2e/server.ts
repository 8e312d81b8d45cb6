// Global setup of the e2e suite: `npm start` on a free port with a fresh embedded database, like a newcomer,
// talking to a local fake of Mercado Pago's payments API that knows the payments in fake-payments.ts.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/db/embedded';
import { startFakeMercadoPago } from '../fakes/mercadopago';
import { E2E_PAYMENTS } from './fake-payments';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function globalSetup() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'manifiesta-e2e-'));
  await chmod(dataDir, 0o755);
  // Started first and kept in this process (the runner's, alive for the whole run) until teardown.
  const mercadoPago = await startFakeMercadoPago();
  for (const payment of Object.values(E2E_PAYMENTS)) mercadoPago.add(payment);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MERCADOPAGO_API_URL: mercadoPago.apiUrl,
    MERCADOPAGO_ACCESS_TOKEN: mercadoPago.token,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  // Closed if the server never comes up, so that the fake's listener does not keep the runner alive.
  child.once('exit', () => void mercadoPago.close());
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  process.env.E2E_BASE_URL = baseURL;
  // Specs read the mails the server writes to `${E2E_DATA_DIR}/outbox` (no SMTP_URL in e2e).
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    // SIGINT to the whole group, like Ctrl-C in a terminal: npm, tsx, node and the embedded postgres.
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    await mercadoPago.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
}
