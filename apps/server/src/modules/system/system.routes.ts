import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { REFERENCE_DATA, referenceDataSchema } from '@serwis/domain';
import { readiness } from './readiness.js';

const check = z.enum(['ok', 'error']);
const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({ database: check, migrations: check, storage: check, accepting: check }),
});

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { public: true, sessionless: true },
      // A probe every few seconds wrote two lines a time (some 4 MB of log a day for nothing); a
      // failure is still logged, as an error.
      logLevel: 'warn',
      schema: {
        tags: ['System'],
        summary: 'Serwer żyje (liveness): baza odpowiada',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/ready',
    {
      config: { public: true, sessionless: true },
      logLevel: 'warn',
      schema: {
        tags: ['System'],
        summary: 'Gotowość do przyjmowania ruchu: baza, migracje, zapis plików, brak zamykania',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const result = await readiness(app);
      reply.header('Cache-Control', 'no-store');
      return reply
        .status(result.ready ? 200 : 503)
        .send({ status: result.ready ? 'ready' : 'not-ready', checks: result.checks });
    },
  );

  app.get(
    '/api/reference-data',
    {
      config: { public: true },
      schema: {
        tags: ['System'],
        summary:
          'Słowniki: statusy, typy serwisu, płatności, województwa, rozmiary stron; strefa czasowa firmy, limit plików',
        response: { 200: referenceDataSchema },
      },
    },
    async () => ({
      ...REFERENCE_DATA,
      companyTimeZone: app.config.TZ_COMPANY,
      maxUploadMb: app.config.MAX_UPLOAD_MB,
    }),
  );
};
