import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@serwis/domain';
import { AppError, invalidField } from '../lib/app-error.js';
import {
  DEADLOCK_DETECTED,
  FOREIGN_KEY_VIOLATION,
  UNIQUE_VIOLATION,
  isDatabaseUnavailable,
  isDiskFull,
  pgErrorCode,
  systemErrorCode,
} from '../lib/pg-error.js';

/**
 * Connections the server could not open to the database or the file store (S3): the service is
 * away, not the request wrong.
 */
const BACKEND_AWAY = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * A connection reset (ECONNRESET, EPIPE) is the backend's when it carries the system call that
 * failed: the server's own socket to the database or the file store was reset (a database
 * restarting resets the connection the pool is opening: "connect ECONNRESET 127.0.0.1:5432"). A
 * client hanging up raises the same codes on its request ("aborted"), with no system call.
 */
const BACKEND_RESET = new Set(['ECONNRESET', 'EPIPE']);

function isBackendReset(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    const { code, syscall } = current as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string' && BACKEND_RESET.has(code)) return typeof syscall === 'string';
    current = current.cause;
  }
  return false;
}

/** pg's own words for a connection lost or never made (no code on the error). */
const PG_CONNECTION_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** The messages of an error and of its causes (drizzle's "Failed query: …" wraps the driver's). */
function messagesInChain(error: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    messages.push(current.message);
    current = current.cause;
  }
  return messages;
}

/**
 * The database or the file store is away: it refused or dropped the connection, or cannot take
 * requests now. The same request a moment later may succeed; the request itself is not wrong.
 */
export function isBackendAway(error: unknown): boolean {
  const system = systemErrorCode(error);
  return (
    isDatabaseUnavailable(pgErrorCode(error)) ||
    (system !== undefined && BACKEND_AWAY.has(system)) ||
    isBackendReset(error) ||
    messagesInChain(error).some((message) => PG_CONNECTION_LOST.test(message))
  );
}

/** Seconds a 503 asks the client to wait before it tries again. */
const RETRY_AFTER_S = 5;

/** A failure as the API answers it: the status and `{ message, code }` with a Polish message. */
export interface ErrorAnswer {
  status: number;
  body: { message: string; code: string; field?: string; requestId?: string };
}

/**
 * One place maps every failure to its answer: the error handler below, and a streamed answer whose
 * status went out before the failure (an import's progress, modules/imports/imports.progress.ts).
 */
export function errorAnswer(error: unknown, requestId: string): ErrorAnswer {
  if (error instanceof AppError) {
    const { statusCode, message, code, field } = error;
    return { status: statusCode, body: field === undefined ? { message, code } : { message, code, field } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const path = String(first?.instancePath ?? '')
      .split('/')
      .filter(Boolean);
    const failure = invalidField(path, first?.message);
    return { status: 400, body: { message: failure.message, code: failure.code, field: failure.field } };
  }
  const code = pgErrorCode(error);
  if (code === UNIQUE_VIOLATION) return { status: 409, body: { message: MSG.duplicate, code: 'DUPLICATE' } };
  if (code === FOREIGN_KEY_VIOLATION) return { status: 409, body: { message: MSG.conflict, code: 'IN_USE' } };
  if (code === DEADLOCK_DETECTED)
    return { status: 409, body: { message: MSG.changedMeanwhile, code: 'DEADLOCK' } };
  // 22009: a time zone offset past ±15:59, which the schemas refuse first (isZoneOffset).
  if (['22001', '22P02', '22003', '22007', '22008', '22009'].includes(code ?? '')) {
    return { status: 400, body: { message: MSG.invalidInput, code: 'INVALID_VALUE' } };
  }
  // A NUL character in a text (pasted from another program): PostgreSQL stores no such text
  // (22021), nor a \u0000 inside a JSON document (22P05, as in a protocol's fields), and the
  // statement, with its transaction, fails before anything is written.
  if (code === '22021' || code === '22P05') {
    return { status: 400, body: { message: MSG.nulCharacter, code: 'INVALID_VALUE' } };
  }
  const { code: fastifyCode, statusCode } = (error ?? {}) as Partial<FastifyError>;
  if (fastifyCode === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) {
    return { status: 413, body: { message: MSG.tooLarge, code: 'TOO_LARGE' } };
  }
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    // Fastify's own 4xx (bad JSON, wrong content type, missing multipart, ...).
    const message = statusCode === 429 ? MSG.tooManyAttempts : MSG.invalidInput;
    return { status: statusCode, body: { message, code: fastifyCode ?? 'BAD_REQUEST' } };
  }
  // A full disk (the database's or the files') and a database or file store away: said as such, not
  // as an unknown error, and 503 for what may work again in a moment (/api/health included).
  if (isDiskFull(error)) {
    return { status: 507, body: { message: MSG.serverDiskFull, code: 'DISK_FULL' } };
  }
  if (isBackendAway(error)) {
    return { status: 503, body: { message: MSG.serverBackendDown, code: 'UNAVAILABLE' } };
  }
  // The request id (also in the X-Request-Id header and in every log line of the request) lets a
  // user's report be matched with the server log.
  return {
    status: 500,
    body: { message: `${MSG.unknownError} Identyfikator błędu: ${requestId}.`, code: 'INTERNAL', requestId },
  };
}

/**
 * Reads and drops what is left of a request answered before its last byte: an upload refused
 * midway (a full disk, the file store away, a part that does not parse). A browser reads the answer
 * only once it has sent the whole request, and the parser that stopped reading held the rest back:
 * the upload stood still until the idle limit cut the connection (in Chromium, 73 s of a turning
 * button before the answer showed). It reads no more than an upload over the size limit, which is
 * read to its end for its 413 too; a sender that stops is cut by the idle limit.
 */
function readPastTheRest(request: FastifyRequest) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/** A failure answered by `errorAnswer`; the unexpected ones logged. */
function answerFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  readPastTheRest(request);
  const { status, body } = errorAnswer(error, request.id);
  logFailure(request, error, status, body.code);
  // What may work again in a moment says when to ask again (a proxy or a script can wait so long).
  if (status === 503) void reply.header('Retry-After', String(RETRY_AFTER_S));
  return reply.status(status).send(body);
}

/**
 * A failure's line in the log, by its answer's status: a server's failure (5xx) at `error`, the
 * refusals (4xx) only in the request's own line. Also for an answer whose 200 went out first (a
 * streamed import's `{ error }` line).
 */
export function logFailure(request: FastifyRequest, error: unknown, status: number, code?: string) {
  // A client that went away (a cancelled upload, a closed tab) is no server failure to raise an alarm for.
  // Its connection, not the request stream: that one is destroyed as soon as its body has been read,
  // which made every failed POST (a refused mail, a 500) look like a client that left.
  const clientGone = request.raw.socket?.destroyed ?? false;
  if (status >= 500 && clientGone) request.log.info({ err: error }, 'request ended by the client');
  else if (status > 500 && error instanceof AppError) {
    // An answer the app chose (a drive or mail server away, the server busy): still an error for
    // an administrator to see, with its cause's words and no stack of the app's own throw.
    const cause = messagesInChain(error.cause).join(': ') || undefined;
    request.log.error({ code, reason: error.message, cause }, code);
  } else if (status >= 500) request.log.error({ err: error }, status === 500 ? 'unexpected error' : code);
}

/** Every failure of a request, once a route matched. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(answerFailure);
}

/**
 * Failures the router meets before any route or hook runs (a path parameter over its length, a
 * malformed %-escape in the path): Fastify answers those in English unless given this, which
 * answers them as every other failure (the request id header too, which a hook sets otherwise).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void answerFailure(error, request, reply.header('X-Request-Id', request.id));
}
