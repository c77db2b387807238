import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageResponse,
  statisticsChartsSchema,
  statisticsQuery,
  statisticsRowSchema,
} from '@serwis/domain';
import { requireAdmin } from '../../plugins/session.js';
import { countServicesPerUser } from './statistics.repository.js';
import { servicesCharts } from './statistics-charts.repository.js';

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

  app.get(
    '/api/statistics/servicesCharts',
    {
      preValidation: async (request) => {
        requireAdmin(request);
      },
      schema: {
        tags: ['Statystyki'],
        summary:
          'Wykresy: protokoły wystawione i podpisane na miesiąc, udział rodzajów usług i rodzajów płatności; dateFrom/dateTo jak servicesUsers',
        querystring: statisticsQuery,
        response: { 200: statisticsChartsSchema, 400: messageResponse, 403: messageResponse },
      },
    },
    async (request) => servicesCharts(app.db, request.query),
  );
};
