import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@serwis/domain';
import { AppError, invalidField } from '../lib/app-error.js';
import { pgErrorCode } from '../lib/pg-error.js';

/** One place maps every failure to `{ message, code }` with a Polish message. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { statusCode, message, code, field } = error;
      return reply
        .status(statusCode)
        .send(field === undefined ? { message, code } : { message, code, field });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = String(first?.instancePath ?? '')
        .split('/')
        .filter(Boolean);
      const failure = invalidField(path, first?.message);
      return reply.status(400).send({ message: failure.message, code: failure.code, field: failure.field });
    }
    const code = pgErrorCode(error);
    if (code === '23505') return reply.status(409).send({ message: MSG.duplicate, code: 'DUPLICATE' });
    if (code === '23503') return reply.status(409).send({ message: MSG.conflict, code: 'IN_USE' });
    if (code === '22001' || code === '22P02' || code === '22003' || code === '22007' || code === '22008') {
      return reply.status(400).send({ message: MSG.invalidInput, code: 'INVALID_VALUE' });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send({ message: MSG.tooLarge, code: 'TOO_LARGE' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own 4xx (bad JSON, wrong content type, missing multipart, ...).
      const message = error.statusCode === 429 ? MSG.tooManyAttempts : MSG.invalidInput;
      return reply.status(error.statusCode).send({ message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unexpected error');
    // The request id (also in the X-Request-Id header and in every log line of the request)
    // lets a user's report be matched with the server log.
    return reply.status(500).send({
      message: `${MSG.unknownError} Identyfikator błędu: ${request.id}.`,
      code: 'INTERNAL',
      requestId: request.id,
    });
  });
}
