import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod transform, plus `multipartBody`: a route that reads its multipart parts itself declares
 * them there, and the document shows them as a multipart/form-data request body. It is not
 * `body`, so Fastify never validates the request against it and multipart parsing is untouched.
 */
export function openApiTransform(input: TransformInput) {
  const { multipartBody, ...schema } = input.schema ?? {};
  if (!multipartBody) return jsonSchemaTransform({ ...input, schema });
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, body: multipartBody, consumes: ['multipart/form-data'] },
  });
}

/**
 * A 2xx answer whose body is a stream (a CSV export, stored file bytes), documented by its media
 * types as a string. Fastify sends a stream as it is, so the serializer compiled from this never
 * touches it; typed as a Readable so the handler's `reply.send(stream)` type-checks.
 */
export function streamResponse(description: string, mediaTypes: string[], format?: 'binary') {
  const schema = z
    .custom<Readable>((value) => value instanceof Readable)
    .meta({ type: 'string', description, ...(format ? { format } : {}) });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/** A redirect: no body, only `Location` (an empty `reply.send()` is never serialized). */
export function redirectResponse(description: string, location: string) {
  return z.undefined().meta({
    description,
    headers: { Location: { type: 'string', description: location } },
  });
}

/** OpenAPI document built from the routes' zod schemas; the UI lives at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Serwis API',
        version: '1.0.0',
        description: 'API aplikacji Serwis (zgodne z kontraktem spec §7).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'SESSION' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ session: [] }],
    },
    transform: openApiTransform,
  });
  // The documentation describes the API only, no data: readable without a session.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
