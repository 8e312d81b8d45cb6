// GET /api/health: is the database reachable, are the job queues alive, do the async projections follow the log.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Projection } from '../../../events/store/projection';
import type { AppDeps } from '../../deps';
import { ErrorEnvelope, envelope } from '../../http';
import { MAX_COUNTED, projectionLags } from './lag';

const ProjectionLag = z.object({
  name: z.string(),
  eventsBehind: z
    .number()
    .int()
    .describe(`Eventos que todavía no procesó (se cuentan hasta ${MAX_COUNTED.toLocaleString('es')})`),
  lagSeconds: z
    .number()
    .int()
    .nullable()
    .describe(
      'Cuánto lleva esperando el evento más antiguo sin procesar, desde que se escribió o desde que la proyección avanzó por última vez (lo que sea más reciente); null si no espera ninguno',
    ),
  checkpointMovedSecondsAgo: z.number().int().nullable().describe('Desde cuándo no avanza su punto de control; null si nunca corrió'),
  status: z.enum(['ok', 'lagging']),
});

const Health = z.object({
  /** ok; degraded: the site works, but an async projection (analytics) lags past the threshold; down: 503. */
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['ok', 'down']),
  queue: z.enum(['ok', 'down']),
  /** Mails that failed every attempt and wait in the dead-letter queue; null when the queue is down. */
  mailDeadLetters: z.number().int().nullable(),
  /** Each async projection's lag; null when it could not be read (the database down). */
  projections: z.array(ProjectionLag).nullable(),
  uptimeSeconds: z.number().int(),
});

type Deps = Pick<AppDeps, 'pool' | 'jobs'> & { projections: readonly Projection[]; lagDegradedSeconds: number };

const healthRoutes: FastifyPluginAsyncZod<Deps> = async (app, { pool, jobs, projections, lagDegradedSeconds }) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Estado del servidor, la base de datos, la cola de trabajos y el retraso de las proyecciones asíncronas',
        response: {
          200: envelope(Health),
          503: envelope(Health)
            .extend({ success: z.literal(false) })
            .or(ErrorEnvelope),
        },
      },
    },
    async (_request, reply) => {
      const [database, lags, jobsHealth] = await Promise.all([
        pool.query('SELECT 1').then(
          () => 'ok' as const,
          () => 'down' as const,
        ),
        projectionLags(pool, projections, lagDegradedSeconds).catch(() => null),
        jobs.health(),
      ]);
      const queue = jobsHealth.ok ? ('ok' as const) : ('down' as const);
      const up = database === 'ok' && queue === 'ok';
      // Lags that cannot be read while the database answers are not known to be fine.
      const lagging = lags === null || lags.some((p) => p.status === 'lagging');
      const status = !up ? ('down' as const) : lagging ? ('degraded' as const) : ('ok' as const);
      // Dead letters need an operator (server/dead-letters.ts), but the site itself is still healthy.
      const data = {
        status,
        database,
        queue,
        mailDeadLetters: jobsHealth.ok ? (jobsHealth.deadLetters ?? 0) : null,
        projections: lags,
        uptimeSeconds: Math.round(process.uptime()),
      };
      if (!up) return reply.status(503).send({ success: false as const, message: 'Algún servicio no responde.', data });
      // Lagging analytics are still a 200: learners read their own writes from the inline projections, and a
      // long transaction on the shared server holds every process back alike, so a load balancer reading a
      // 503 here would take the whole site out of rotation for a reporting delay. Monitors alert on `status`.
      const message = lagging ? 'El sitio funciona, pero las estadísticas van con retraso.' : 'Todo funciona correctamente.';
      return reply.send({ success: true as const, message, data });
    },
  );
};

export default healthRoutes;
