import type { FastifyReply } from 'fastify';

/** A reply as the log's serializer is given it (Fastify's type: every field but the status optional). */
type LoggedReply = Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>;

/**
 * What no log line carries, at any level: the session cookie (a working login for weeks) and a
 * login's Basic credentials, wherever a logged object holds the request's headers (the request
 * itself at `debug`, the upload parser's options at `trace`).
 */
const SECRET_PATHS = ['cookie', 'authorization'].flatMap((header) => [
  `headers.${header}`,
  `*.headers.${header}`,
]);

/**
 * The server's log: one JSON line each, as pino writes it, with
 * - the time as an ISO date (UTC), not milliseconds since 1970;
 * - on the line that ends a request, its method and address beside the status and the time it took,
 *   and the employee who made it (`userId`, set by the session plugin), so a complaint ("saving the
 *   protocol failed at 10:14") is found on one line;
 * - secrets left out (`SECRET_PATHS`).
 */
export function loggerOptions(level: string) {
  return {
    level,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    redact: { paths: SECRET_PATHS, censor: '[ukryte]' },
    serializers: {
      res: (reply: LoggedReply) => ({
        statusCode: reply.statusCode,
        method: reply.request?.method,
        url: reply.request?.url,
      }),
    },
  };
}
