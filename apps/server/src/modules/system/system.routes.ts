import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { REFERENCE_DATA, referenceDataSchema } from '@serwis/domain';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['System'],
        summary: 'Gotowość serwera',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/reference-data',
    {
      config: { public: true },
      schema: {
        tags: ['System'],
        summary: 'Słowniki: statusy, typy serwisu, płatności, województwa, rozmiary stron',
        response: { 200: referenceDataSchema },
      },
    },
    async () => REFERENCE_DATA,
  );
};
