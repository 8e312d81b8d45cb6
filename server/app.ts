// buildApp(deps): the whole HTTP application as a Fastify instance, without listening (tests inject into it).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStore } from '../events/store/event-store';
import type { Jobs } from '../jobs/boss';
import type { Config } from './config';
import healthRoutes from './features/health/routes';
import leadRoutes from './features/leads/routes';
import './http';
import { createLogger } from './logger';
import apiConventions from './plugins/api-conventions';
import clientPlugin from './plugins/client';
import errors from './plugins/errors';

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');

export interface AppDeps {
  config: Pick<Config, 'publicUrl' | 'LOG_LEVEL' | 'SERVE_CLIENT' | 'NODE_ENV'>;
  pool: pg.Pool;
  store: EventStore;
  jobs: Pick<Jobs, 'health'>;
  /** Where the built SPA lives (default dist/client). */
  clientDir?: string;
  logger?: Logger;
}

const REQUEST_ID = /^[\w-]{8,64}$/;

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(deps.config.LOG_LEVEL),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 256 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  await app.register(apiConventions);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Manifiesta API',
        version: '1.0.0',
        description: 'API del sitio y curso Manifiesta. Toda respuesta usa el sobre { success, message, data }.',
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { pool: deps.pool, jobs: deps.jobs });
  await app.register(leadRoutes, { store: deps.store, config: deps.config });

  await app.register(clientPlugin, { root: deps.config.SERVE_CLIENT ? (deps.clientDir ?? CLIENT_DIST) : undefined });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
