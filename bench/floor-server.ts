// The floor for bench:load: the least a write endpoint can do on this machine — a bare Fastify route that inserts
// one row per request through pg (no validation, session, event, projection or job), with the app's pool size.
// The bench runs it as a child process, as it runs the server: DATABASE_URL, DATABASE_POOL_SIZE, PORT.
import Fastify from 'fastify';
import { createPool } from '../server/db/database';

const pool = createPool(process.env.DATABASE_URL!, Number(process.env.DATABASE_POOL_SIZE ?? 10));
const app = Fastify({ logger: false });

app.get('/api/health', async () => ({ success: true }));
app.post('/floor', async (request) => {
  await pool.query('INSERT INTO bench_floor (body) VALUES ($1)', [request.body]);
  return { success: true };
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
