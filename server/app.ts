// buildApp(deps): the whole HTTP application as a Fastify instance, without listening (tests inject into it).
import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import { createAccounts } from './features/accounts/accounts';
import authRoutes from './features/accounts/routes';
import meRoutes from './features/accounts/me';
import recoveryRoutes from './features/accounts/recovery-routes';
import erasureRoutes from './features/erasure/routes';
import { createKnownBrowsers, deviceCookie } from './features/accounts/browsers';
import { createLoginThrottle } from './features/accounts/throttle';
import beliefThresholdRoutes from './features/belief-threshold/routes';
import testimonialRoutes from './features/testimonials/routes';
import mediaRoutes from './features/media/routes';
import courseRoutes from './features/course/routes';
import { createAiAvailability } from './features/deep-why/ai-availability';
import { whyQuestionRoutes } from './features/deep-why/questions';
import deepWhyRoutes from './features/deep-why/routes';
import healthRoutes from './features/health/routes';
import meditationRoutes from './features/meditation/routes';
import paymentRoutes from './features/payments/routes';
import catalogueRoutes, { catalogueReader } from './features/catalogue/routes';
import placementRoutes, { placementsReader } from './features/placements/routes';
import wheelRoutes from './features/wheel/routes';
import leadRoutes from './features/leads/routes';
import callRoutes from './features/leads/calls';
import newsletterRoutes from './features/newsletter/routes';
import subscriberListRoutes from './features/newsletter/subscriber-list';
import letterRoutes from './features/newsletter/letters';
import sequenceRoutes from './features/sequences/routes';
import archiveRoutes from './features/newsletter/archive';
import letterSendRoutes from './features/newsletter/sends';
import coachRoutes from './features/coach/routes';
import siteRoutes, { siteSettingsReader } from './features/site/routes';
import salesRoutes from './features/coach/sales';
import { publishedLetter } from '../events/newsletter/queries';
import { createCatalog, projections } from '../events/registry';
import { frameworkErrors, MESSAGES, refuseUnsafeInput } from './http';
import type { AppDeps } from './deps';
import { createLogger } from './logger';
import apiConventions from './plugins/api-conventions';
import clientPlugin from './plugins/client';
import auth, { sessionCookies } from './plugins/auth';
import errors from './plugins/errors';
import metricsPlugin from './plugins/metrics';
import { fromRoot } from './project-root';
import sameOrigin from './plugins/same-origin';
import securityHeaders from './plugins/security-headers';
import writeLimits from './plugins/write-limits';

export type { AppConfig, AppDeps } from './deps';

export const CLIENT_DIST = fromRoot('dist/client');

const REQUEST_ID = /^[\w-]{8,64}$/;

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(deps.config.LOG_LEVEL),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 256 * 1024,
    trustProxy: deps.config.TRUST_PROXY,
    // One line per request, written by api-conventions with query values masked (a verification
    // link's token must never reach a log).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON is the only body the API reads. Fastify also parses text/plain by default, one of the types a page on
  // another site may post without a preflight: no route wants it, so it is refused with 415 like any other.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  await app.register(securityHeaders, { publicUrl: deps.config.publicUrl });
  await app.register(apiConventions);
  await app.register(metricsPlugin, { token: deps.config.METRICS_TOKEN, metrics: deps.metrics, pool: deps.pool, projections, jobs: deps.jobs });
  await app.register(refuseUnsafeInput);
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
  // Swagger UI needs inline styles: its routes carry their own policy (hashes of its inline parts).
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { config } = deps;
  const accounts = createAccounts(deps.pool, { idleHours: config.SESSION_IDLE_HOURS, maxDays: config.SESSION_MAX_DAYS });
  const cookies = sessionCookies({ secure: config.cookieSecure, maxDays: config.SESSION_MAX_DAYS });
  // Failed logins and the browsers accounts sign in from: the login's own services.
  const login = {
    throttle: createLoginThrottle(deps.pool, {
      perClient: config.RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT,
      perAddress: config.RATE_LIMIT_LOGIN_FAILURES_PER_IP,
      perAccount: config.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      maxDelaySeconds: config.RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS,
    }),
    browsers: createKnownBrowsers(deps.pool, deps.jobs.enqueue),
    deviceCookie: deviceCookie({ secure: config.cookieSecure }),
  };
  await app.register(sameOrigin, { publicUrl: config.publicUrl });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, success: false, message: MESSAGES.tooManyRequests, data: null }),
  });
  await app.register(auth, { accounts, cookies });
  await app.register(writeLimits, {
    limits: { perMinute: config.RATE_LIMIT_WRITES_PER_USER, burst: config.RATE_LIMIT_WRITES_BURST, perDay: config.RATE_LIMIT_WRITES_PER_USER_PER_DAY },
    now: deps.now,
  });

  await app.register(healthRoutes, { pool: deps.pool, jobs: deps.jobs, projections, lagDegradedSeconds: config.PROJECTION_LAG_DEGRADED_SECONDS });
  await app.register(leadRoutes, { store: deps.store, pool: deps.pool, config });
  await app.register(newsletterRoutes, { store: deps.store, pool: deps.pool, config });
  await app.register(letterRoutes, { store: deps.store, pool: deps.pool, config, jobs: deps.jobs });
  await app.register(sequenceRoutes, { store: deps.store, pool: deps.pool, config, jobs: deps.jobs });
  await app.register(archiveRoutes, { pool: deps.pool, config });
  await app.register(letterSendRoutes, { store: deps.store, pool: deps.pool });
  // The environment gives only the first values; the coach's saved settings take over from there.
  const siteSettings = siteSettingsReader(deps.store, { noticeText: config.SITE_NOTICE_TEXT, noticeLink: config.SITE_NOTICE_LINK });
  await app.register(siteRoutes, { store: deps.store, settings: siteSettings, pool: deps.pool });
  // The spec's prices first; the coach's saved catalogue takes over from there (the pages and the checkout read it).
  const catalogue = catalogueReader(deps.store);
  await app.register(catalogueRoutes, { store: deps.store, catalogue });
  await app.register(callRoutes, { store: deps.store, config, siteSettings });
  await app.register(authRoutes, { store: deps.store, accounts, cookies, ...login, jobs: deps.jobs, config });
  await app.register(meRoutes, { store: deps.store, accounts, cookies, throttle: login.throttle });
  await app.register(recoveryRoutes, { store: deps.store, accounts, cookies, throttle: login.throttle, browsers: login.browsers, pool: deps.pool, config });
  await app.register(erasureRoutes, { store: deps.store, pool: deps.pool, accounts, cookies, throttle: login.throttle });
  await app.register(courseRoutes, { store: deps.store, pool: deps.pool });
  await app.register(wheelRoutes, { store: deps.store, pool: deps.pool });
  await app.register(deepWhyRoutes, { store: deps.store, pool: deps.pool });
  await app.register(beliefThresholdRoutes, { store: deps.store, pool: deps.pool });
  await app.register(coachRoutes, { store: deps.store, pool: deps.pool, catalog: createCatalog() });
  await app.register(salesRoutes, { store: deps.store, pool: deps.pool });
  await app.register(subscriberListRoutes, { pool: deps.pool });
  await app.register(testimonialRoutes, { store: deps.store, pool: deps.pool });
  await app.register(mediaRoutes, { store: deps.store, pool: deps.pool });
  const placements = placementsReader(deps.store);
  await app.register(placementRoutes, { store: deps.store, pool: deps.pool, placements });
  await app.register(paymentRoutes, { store: deps.store, pool: deps.pool, accounts, config, catalogue, placements });
  await app.register(meditationRoutes, { store: deps.store, pool: deps.pool, placements });
  const ai = createAiAvailability({ configured: Boolean(config.GEMINI_API_KEY) });
  await app.register(whyQuestionRoutes, {
    jobs: deps.jobs,
    pool: deps.pool,
    store: deps.store,
    ai,
    perIp: config.RATE_LIMIT_PER_IP,
    onFallback: deps.metrics.workers.aiFallback,
  });

  await app.register(clientPlugin, {
    root: deps.config.SERVE_CLIENT ? (deps.clientDir ?? CLIENT_DIST) : undefined,
    hasSessionCookie: (request) => cookies.read(request) !== undefined,
    // A letter's page is one while the letter is published (the coach publishes and withdraws after the build).
    pagesWithValues: {
      '/newsletter/:campaign/:slug': async ([series, slug]) => (await publishedLetter(deps.pool, series!, slug!)) !== null,
    },
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
