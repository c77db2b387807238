import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@serwis/domain';
import { parseBasicAuth } from './basic-auth.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

const emailFromBasic = (request: FastifyRequest) => {
  const credentials = parseBasicAuth(request.headers.authorization);
  return credentials && credentials !== 'malformed' ? credentials.email.toLowerCase() : `ip:${request.ip}`;
};

const emailFromResetBody = (request: FastifyRequest) => {
  const body = request.body as { recipients?: unknown } | undefined;
  const first = Array.isArray(body?.recipients) ? body.recipients[0] : undefined;
  return typeof first === 'string' ? first.trim().toLowerCase().slice(0, 254) : `ip:${request.ip}`;
};

const tooMany = () => ({ statusCode: 429, message: MSG.tooManyAttempts, code: 'RATE_LIMITED' });

/**
 * Throttles guessing: per address and per account, so neither a single machine nor a botnet
 * aimed at one e-mail gets far. Counters live in PostgreSQL (see rate-limit-store.ts).
 */
export function authRateLimits(app: FastifyInstance) {
  const limit = (
    keyPrefix: string,
    max: number,
    timeWindow: number,
    keyGenerator: (r: FastifyRequest) => string,
  ) =>
    app.rateLimit({
      max,
      timeWindow,
      keyGenerator: (r) => `${keyPrefix}:${keyGenerator(r)}`,
      errorResponseBuilder: tooMany,
    });
  return {
    loginPerIp: limit('login-ip', 50, FIFTEEN_MINUTES, (r) => r.ip),
    loginPerEmail: limit('login-email', 10, FIFTEEN_MINUTES, emailFromBasic),
    resetPerIp: limit('reset-ip', 20, ONE_HOUR, (r) => r.ip),
    resetPerEmail: limit('reset-email', 3, ONE_HOUR, emailFromResetBody),
  };
}
