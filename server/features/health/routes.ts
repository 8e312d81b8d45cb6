// GET /api/health: is the database reachable, are the job queues alive.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { ErrorEnvelope, envelope } from '../../http';

const Health = z.object({
  database: z.enum(['ok', 'down']),
  queue: z.enum(['ok', 'down']),
  /** Mails that failed every attempt and wait in the dead-letter queue; null when the queue is down. */
  mailDeadLetters: z.number().int().nullable(),
  uptimeSeconds: z.number().int(),
});

const healthRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'pool' | 'jobs'>> = async (app, { pool, jobs }) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Estado del servidor, la base de datos y la cola de trabajos',
        response: { 200: envelope(Health), 503: envelope(Health).extend({ success: z.literal(false) }).or(ErrorEnvelope) },
      },
    },
    async (_request, reply) => {
      const [database, jobsHealth] = await Promise.all([
        pool.query('SELECT 1').then(() => 'ok' as const, () => 'down' as const),
        jobs.health(),
      ]);
      const queue = jobsHealth.ok ? ('ok' as const) : ('down' as const);
      const ok = database === 'ok' && queue === 'ok';
      // Dead letters need an operator (jobs/dead-letters.ts), but the site itself is still healthy.
      const data = { database, queue, mailDeadLetters: jobsHealth.ok ? (jobsHealth.deadLetters ?? 0) : null, uptimeSeconds: Math.round(process.uptime()) };
      if (ok) return reply.send({ success: true as const, message: 'Todo funciona correctamente.', data });
      return reply.status(503).send({ success: false as const, message: 'Algún servicio no responde.', data });
    },
  );
};

export default healthRoutes;
