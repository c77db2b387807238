import crypto from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@serwis/domain';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { setBulkStatementRowsFor } from './db/bulk-statement-rows.js';
import { loggerOptions } from './logging.js';
import { createMailer, type Mailer } from './plugins/mailer.js';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors.js';
import { parseJsonBodies } from './plugins/json-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import { pgRateLimitStore } from './plugins/rate-limit-store.js';
import { sessionPlugin } from './plugins/session.js';
import { writeReplayPlugin } from './plugins/write-replay.js';
import { registerAppVersionHeader, registerWebApp } from './plugins/web-app.js';
import { createStorage, type Storage } from './plugins/storage/index.js';
import { useFastHashing } from './modules/auth/password.js';
import { apiModules } from './modules/index.js';
import { markRunsCutOff } from './modules/reminders/reminders.repository.js';
import { ReminderWork } from './modules/reminders/reminders.work.js';

export interface AppDependencies {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** File bytes; defaults to the configured storage (DATA_DIR/files or an S3 bucket). */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Builds the whole application as a Fastify instance; server.ts only makes it listen. */
export async function buildApp({ config, database, mailer, storage, logger }: AppDependencies) {
  useFastHashing(config.FAST_HASH_FOR_TESTS);
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL),
    // Each request gets an id (a proxy's X-Request-Id when it looks sane): in every log line,
    // in the X-Request-Id answer header and in the message of a 5xx, so a user can quote it.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    // A hop count, never `true`: `true` would take the leftmost X-Forwarded-For entry, which the
    // client writes itself (a proxy such as nginx appends to what it received).
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    bodyLimit: 5 * 1024 * 1024,
    // The socket's idle limit (Node's server.timeout; Fastify's own default is none).
    connectionTimeout: config.IDLE_CONNECTION_TIMEOUT_S * 1000,
    // Unknown JSON fields are dropped, not rejected (house rule).
    ajv: { customOptions: { removeAdditional: 'all' } },
    frameworkErrors: answerFrameworkError,
    // Requests that reach a stopping server are refused by the hook below, in Polish (Fastify's own
    // answer was "Service Unavailable").
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  parseJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  setBulkStatementRowsFor(database.kind);
  app.decorate(
    'mailer',
    mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir }),
  );
  const ownStorage = storage ? undefined : createStorage(config);
  app.decorate('storage', storage ?? ownStorage!);
  if (ownStorage?.close) app.addHook('onClose', async () => ownStorage.close?.());
  app.decorate('lifecycle', { draining: false });
  const reminderWork = new ReminderWork();
  app.decorate('reminderWork', reminderWork);
  // Closing: no further reminder mail is taken up at once (a "Uruchom teraz" in flight then answers
  // with its counts), and the close waits for the mail being handed over.
  app.addHook('preClose', async () => reminderWork.abort());
  // At most until shortly before SHUTDOWN_TIMEOUT_S ends the process: a run whose mail server takes
  // longer is then marked cut off, so the next check of any instance takes it over at once.
  app.addHook('onClose', async () =>
    reminderWork.stop({
      waitMs: Math.max(1_000, config.SHUTDOWN_TIMEOUT_S * 1_000 - 5_000),
      cutOff: (runIds) => markRunsCutOff(database.db, runIds),
    }),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Answers about customers and machines stay out of shared and browser caches; downloads, which
    // revalidate by ETag, set their own.
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    // SIGTERM (server.ts): a request on a connection kept open is refused; /api/ready says why, and
    // /api/health (liveness) stays 200, so that the process is not killed in the middle of its drain.
    const path = request.routeOptions.url;
    if (app.lifecycle.draining && path !== '/api/ready' && path !== '/api/health') {
      return reply
        .status(503)
        .header('Connection', 'close')
        .send({ message: MSG.serverStopping, code: 'SHUTTING_DOWN' });
    }
  });
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Nothing but the map's tiles comes from elsewhere (Drive files and hotels come through the
        // server), so a script that ever ran could send data to no other host.
        imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(config.MAP_TILE_URL)],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...tileSources(config.MAP_TILE_URL)],
        fontSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: 1, fields: 10 },
  });
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(database.db) as never });
  await registerOpenApi(app);
  await app.register(sessionPlugin);
  await app.register(writeReplayPlugin);
  registerAppVersionHeader(app, config.WEB_DIST);

  for (const routes of apiModules) await app.register(routes);
  await registerWebApp(app, config.WEB_DIST);
  return app;
}

/**
 * The CSP's sources of the map tiles (MAP_TILE_URL): the tile server's origin, on https or plain
 * http (a local one, in tests or offline sites); a `{s}` subdomain is any subdomain of the rest.
 */
export function tileSources(template: string): string[] {
  try {
    const url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/g, '0'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    const host = /^[^/]*\/\/[^/]*\{s\}/.test(template)
      ? `*.${url.host.split('.').slice(1).join('.')}`
      : url.host;
    return [`${url.protocol}//${host}`];
  } catch {
    return [];
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
