/**
 * Builds the Fastify app without listening: the API, the error handler and the
 * built web app. main.ts starts it; tests use it through app.inject.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '../contract/messages.js';
import type { AppContext, ModuleOptions } from './context.js';
import { AppError, errors, hasErrorCode, refusalBody } from './errors.js';
import { fieldOfPath } from './validation.js';
import type { DestinationStream } from './logging.js';
import { loggerOptions, requestLogger } from './logging.js';
import { requestIdFrom } from './request-id.js';
import { addRequestDeadlines, DEADLINES, serverTimeouts, type Deadlines } from './request-deadlines.js';
import { authRoutes } from './modules/auth/index.js';
import { healthRoutes, metricsRoutes } from './modules/health/index.js';
import { createMetrics, type Metrics } from './metrics.js';
import { profileRoutes } from './modules/profile/index.js';
import { mediaRoutes } from './modules/media/index.js';
import { subscriptionsRoutes } from './modules/subscriptions/index.js';
import { configRoutes } from './modules/config/index.js';
import { studiosRoutes } from './modules/studios/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { accountRoutes } from './modules/account/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { COMPRESSION } from './lib/compression.js';
import { studioAccountsRoutes } from './modules/studio-accounts/index.js';
import { jobsRoutes } from './modules/jobs/index.js';
import { applicationsRoutes, endWhatHangsOn } from './modules/applications/index.js';
import { slotsRoutes } from './modules/slots/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { sitemapRoutes } from './modules/sitemap/index.js';
import { eventsRoutes } from './modules/events/index.js';
import { messagesRoutes } from './modules/messages/index.js';
import { talentRoutes } from './modules/talent/index.js';
import { availabilityRoutes } from './modules/availability/index.js';
import { resumeRoutes } from './modules/resume/index.js';
import { selfTapesRoutes } from './modules/self-tapes/index.js';
import { guardiansRoutes } from './modules/guardians/index.js';
import { teamRoutes } from './modules/team/index.js';
import { createAuthHooks, studioAccessOf } from './plugins/auth.js';
import { addBrowserPolicies, addFixedSecurityHeaders, fixedSecurityHeaders, registerPageSecurityHeaders } from './plugins/security-headers.js';
import { registerRobots, registerWebApp } from './plugins/web-app.js';

export const webDist = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface BuildOptions {
  logger?: boolean;
  /** How long clients may take to send requests (tests shorten them). */
  deadlines?: Deadlines;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Serve the built web app from dist/web when it exists (default true). */
  serveWeb?: boolean;
  /** Another built web app to serve (tests give a small one of their own). */
  webDist?: string;
  /** How often events streams send a heartbeat (tests shorten it). */
  heartbeatMs?: number;
  /** The instance's figures, when the caller shares them with its background runner (main.ts). */
  metrics?: Metrics;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const deadlines = opts.deadlines ?? DEADLINES;
  const securityHeaders = fixedSecurityHeaders(ctx.config.env);
  const app = Fastify({
    // The router's own refusals (an id past maxParamLength, a malformed %-escape) come before any
    // route or scope: answered here as ours are, { msg, code } with the security headers, never
    // echoing the address (docs/faults.md, "Bad input"). No record has such an address: 404.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      const notFound = errors.notFound();
      void reply.headers(securityHeaders).code(notFound.status).send(refusalBody(notFound));
    },
    ...serverTimeouts(deadlines),
    ...(opts.logger === false ? { logger: false } : { logger: loggerOptions(ctx.config.env.LOG_LEVEL, opts.logStream), childLoggerFactory: requestLogger }),
    bodyLimit: 1024 * 1024,
    trustProxy: ctx.config.env.TRUST_PROXY_HOPS > 0 ? (_addr: string, hop: number) => hop < ctx.config.env.TRUST_PROXY_HOPS : false,
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id'], ctx.config.env.TRUST_PROXY_HOPS > 0),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('userId', '');
  app.decorateRequest('profileVersion', null);
  app.decorateRequest('token', null);
  addRequestDeadlines(app, deadlines, MSG.requestTimeout);
  app.decorateRequest('role', null);
  app.decorateRequest('userRow', null);
  app.decorate('routeAccess', []);
  app.decorateRequest('actorId', '');
  app.decorateRequest('studioRole', null);

  const metrics = opts.metrics ?? createMetrics(ctx);
  app.addHook('onClose', (_app, done) => {
    metrics.close();
    done();
  });
  // An upload counts from its head until its connection is done, however it ends.
  app.addHook('onRequest', (request, reply, done) => {
    if (isUpload(request.method, request.headers['content-type'])) {
      metrics.uploadsInProgress.inc();
      reply.raw.once('close', () => metrics.uploadsInProgress.dec());
    }
    done();
  });
  // The route's pattern, never the raw address: ids must not become labels (docs/operations.md).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  addBrowserPolicies(app);
  // Hooks that run on every answer take callbacks: they do no I/O, so they need no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // A 304 has no body: no length or type either, or clients wait for bytes that never come.
    if (reply.statusCode === 304) {
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return done(null, '');
    }
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = appErrorOf(error, request.log);
    if (refusal.retryAfter) reply.header('retry-after', String(refusal.retryAfter));
    if (refusal.status >= 500 && error instanceof AppError) request.log.error({ err: error.cause ?? error }, error.message);
    // A refusal that ends in time says when (docs/security.md): Retry-After, and the same seconds in the body.
    return reply.status(refusal.status).send(refusalBody(refusal));
  });

  await app.register(fastifyCompress, { threshold: COMPRESSION.threshold, syncThreshold: COMPRESSION.syncThreshold, encodings: [...COMPRESSION.encodings] });

  const web = opts.webDist ?? webDist;
  const servesWeb = opts.serveWeb !== false && existsSync(path.join(web, 'index.html'));

  // Two scopes, because their security headers are made differently (security-headers.ts):
  // every answer that is not a page, with headers worked out once; the web app's pages, each
  // with a nonce of its own.
  await app.register(async (answers) => {
    addFixedSecurityHeaders(answers, ctx.config.env);
    // The API description at /api/docs comes from the same zod schemas that validate the calls.
    await answers.register(fastifySwagger, {
      openapi: { info: { title: 'Audition API', description: 'The audition and casting portal', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    answers.get('/api/docs', { schema: { hide: true } }, async () => answers.swagger());

    const modules: ModuleOptions = { ctx, auth: createAuthHooks(ctx), metrics };
    answers.addHook('onSend', modules.auth.forgetAfterWrite);
    // Every route a studio's caller reaches, with what it needs (docs/team.md); the role test walks it.
    answers.addHook('onRoute', (route) => {
      app.routeAccess.push(studioAccessOf(route, modules.auth));
    });
    await answers.register(healthRoutes, modules);
    await answers.register(metricsRoutes, modules);
    await answers.register(authRoutes, modules);
    await answers.register(profileRoutes, modules);
    await answers.register(mediaRoutes, modules);
    await answers.register(subscriptionsRoutes, modules);
    await answers.register(configRoutes, modules);
    await answers.register(studiosRoutes, modules);
    await answers.register(contactRoutes, modules);
    await answers.register(studioAccountsRoutes, modules);
    await answers.register(jobsRoutes, modules);
    await answers.register(applicationsRoutes, modules);
    await answers.register(notificationsRoutes, modules);
    await answers.register(accountRoutes, modules);
    await answers.register(adminRoutes, modules);
    await answers.register(sitemapRoutes, modules);
    await answers.register(eventsRoutes, { ...modules, heartbeatMs: opts.heartbeatMs });
    await answers.register(messagesRoutes, modules);
    await answers.register(talentRoutes, modules);
    await answers.register(availabilityRoutes, modules);
    // A guardian's withdrawal ends what hangs on the applications it withdraws (docs/guardians.md).
    await answers.register(guardiansRoutes, { ...modules, endApplications: (tx, ids, now) => endWhatHangsOn(tx, ids, 'consentMissing', now) });
    await answers.register(resumeRoutes, modules);
    await answers.register(slotsRoutes, modules);
    await answers.register(selfTapesRoutes, modules);
    await answers.register(teamRoutes, modules);

    answers.get('/api/*', { schema: { hide: true } }, async () => {
      throw errors.notFound();
    });

    registerRobots(answers);
    // Without the web app, an unknown address is answered here, as an API call would be.
    if (!servesWeb) {
      answers.setNotFoundHandler(async () => {
        throw errors.notFound();
      });
    }
  });

  if (servesWeb) {
    await app.register(async (pages) => {
      await registerPageSecurityHeaders(pages, ctx.config.env);
      await registerWebApp(pages, web, ctx.db);
    });
  }

  return app;
}

/** No room left: the disk a file is written to (ENOSPC), or PostgreSQL's (53100), however deep it was wrapped. */
const isDiskFull = (error: unknown) => hasErrorCode(error, ['ENOSPC', 'EDQUOT', '53100']);

/** Connection failures of pg or PGlite, however deep Drizzle wrapped them: answered 503, never 500. */
function isDatabaseDown(error: unknown): boolean {
  // 57014: a statement cancelled by statement_timeout; 'Query read timeout': no answer came
  // (docs/faults.md, "A stalled database"), after which the connection is closed.
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57014', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'];
  const messages = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout|connection is closed|Cannot use a pool after calling end/i;
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && codes.includes(e.code)) return true;
    if (typeof e.message === 'string' && messages.test(e.message)) return true;
  }
  return false;
}

/** A request that carries a file: a multipart form, or a piece of a resumable upload. */
function isUpload(method: string, contentType: string | undefined): boolean {
  return method !== 'GET' && method !== 'HEAD' && /^(multipart\/form-data|application\/offset\+octet-stream)/i.test(contentType ?? '');
}

/** Any error as the catalogue's refusal (errors.ts): ours as they are, Fastify's and the outside world's by kind. */
function appErrorOf(error: FastifyError, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    return errors.validation(first?.message ?? MSG.fillAllFields, fieldOfPath(first?.instancePath.split('/').filter(Boolean)));
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return errors.tooLarge();
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) return errors.unsupportedType();
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return errors.ofFastifyStatus(error.statusCode, error.code?.startsWith('FST_ERR_CTP') ? MSG.invalidBody : error.message);
  }
  // Busboy's own parse errors carry no status: a malformed form is bad input.
  if (/^(Unexpected end of (multipart data|form)|Malformed part header|Multipart: Boundary not found)/.test(error.message)) {
    return errors.badRequest(MSG.invalidForm);
  }
  if (isDiskFull(error)) {
    // Nothing was kept: a put removes its partial file, a statement that failed rolled back (docs/faults.md, "A full disk").
    log.error({ err: error }, 'storage full');
    return errors.storageFull();
  }
  if (isDatabaseDown(error)) {
    log.error({ err: error }, 'database unavailable');
    return errors.unavailable();
  }
  log.error({ err: error }, 'unhandled error');
  return errors.internal();
}
