import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse, statisticsQuery, statisticsRowSchema } from '@serwis/domain';
import { requireAdmin } from '../../plugins/session.js';
import { countServicesPerUser } from './statistics.repository.js';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/statistics/servicesUsers',
    {
      preValidation: async (request) => {
        requireAdmin(request);
      },
      schema: {
        tags: ['Statystyki'],
        summary:
          'Wystawione i podpisane protokoły na pracownika; dateFrom/dateTo (RRRR-MM-DD, z godziną lub puste) włącznie',
        querystring: statisticsQuery,
        response: { 200: z.array(statisticsRowSchema), 400: messageResponse, 403: messageResponse },
      },
    },
    async (request) => countServicesPerUser(app.db, request.query),
  );
};
