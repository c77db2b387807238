import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@serwis/domain';
import { AppError } from '../../lib/app-error.js';
import { refundRateLimit } from '../../plugins/rate-limit-store.js';
import { currentUser } from '../../plugins/session.js';
import { parseBasicAuth } from './basic-auth.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** Login limits: a user with a session reading it back through /api/user/auth is not guessing. */
const hasCredentials = (request: FastifyRequest) => Boolean(request.headers.authorization);

const emailFromBasic = (request: FastifyRequest) => {
  const credentials = parseBasicAuth(request.headers.authorization);
  return credentials && credentials !== 'malformed' ? credentials.email.toLowerCase() : `ip:${request.ip}`;
};

const emailFromResetBody = (request: FastifyRequest) => {
  const body = request.body as { recipients?: unknown } | undefined;
  const first = Array.isArray(body?.recipients) ? body.recipients[0] : undefined;
  return typeof first === 'string' ? first.trim().toLowerCase().slice(0, 254) : `ip:${request.ip}`;
};

/**
 * Throttles guessing: per address and per account, so neither a single machine nor a botnet
 * aimed at one e-mail gets far. Counters live in PostgreSQL (see rate-limit-store.ts). Each limiter's
 * `refund` gives an attempt back: a login that succeeded is no guess, so staff who log in often (a
 * tablet and a desktop, a shared office address) are never locked out by their own logins.
 *
 * Built on createRateLimit rather than app.rateLimit(): the hooks of the latter share one
 * "already ran" flag per request, so a second limit on the same route was silently skipped.
 */
export function authRateLimits(app: FastifyInstance) {
  const limit = (
    keyPrefix: string,
    max: number,
    timeWindow: number,
    keyGenerator: (r: FastifyRequest) => string,
    applies: (r: FastifyRequest) => boolean = () => true,
  ) => {
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (r) => `${keyPrefix}:${keyGenerator(r)}`,
    });
    const hook = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!applies(request)) return;
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      const wait = Math.max(1, result.ttlInSeconds);
      reply.header('Retry-After', String(wait));
      throw new AppError(429, MSG.tooManyAttemptsFor(wait), 'RATE_LIMITED');
    };
    // Best effort: a counter not given back must not turn a login that succeeded into an error.
    const refund = (request: FastifyRequest) =>
      refundRateLimit(app.db, `${keyPrefix}:${keyGenerator(request)}`).catch((error: unknown) =>
        request.log.warn({ err: error }, 'rate limit refund failed'),
      );
    return Object.assign(hook, { refund });
  };
  return {
    loginPerIp: limit(
      'login-ip',
      app.config.LOGIN_LIMIT_PER_IP,
      FIFTEEN_MINUTES,
      (r) => r.ip,
      hasCredentials,
    ),
    loginPerEmail: limit(
      'login-email',
      app.config.LOGIN_LIMIT_PER_ACCOUNT,
      FIFTEEN_MINUTES,
      emailFromBasic,
      hasCredentials,
    ),
    resetPerIp: limit('reset-ip', 20, ONE_HOUR, (r) => r.ip),
    resetPerEmail: limit('reset-email', 3, ONE_HOUR, emailFromResetBody),
    /**
     * Changing one's own password checks the current one: a stolen session (an unlocked tablet)
     * must not guess it without end. A change that went through gives its attempt back.
     */
    passwordChangePerUser: limit(
      'password-change',
      app.config.LOGIN_LIMIT_PER_ACCOUNT,
      FIFTEEN_MINUTES,
      (r) => `user:${currentUser(r).id}`,
    ),
  };
}
