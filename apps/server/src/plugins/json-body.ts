import type { FastifyInstance } from 'fastify';
import { plainTexts } from '../lib/plain-texts.js';

/**
 * A call with no body but a JSON Content-Type (a client that sets it on every request, as many
 * mobile ones do) is taken as a call with no body: Fastify's parser refused it with a 400, so a
 * DELETE of spec §7, or a move of an operation, did nothing. A body is parsed as before (a
 * malformed one and `__proto__` keys are still refused), its texts made plain (plainTexts).
 */
export function parseJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, (error, parsed) =>
      error ? done(error, undefined) : done(null, plainTexts(parsed)),
    );
  });
}
