import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema, messageResponse, todayInZone } from '@serwis/domain';
import { currentUser } from '../../plugins/session.js';
import { getDashboard } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      schema: {
        tags: ['Strona główna'],
        summary:
          'Pulpit: zaległe i najbliższe przeglądy, protokoły czekające na podpis lub skan, otwarte zadania, incydenty z 7 dni; dla ADMIN protokoły miesiąca',
        response: { 200: dashboardSchema, 401: messageResponse },
      },
    },
    async (request) =>
      getDashboard(app.db, currentUser(request), todayInZone(app.config.TZ_COMPANY), app.config.TZ_COMPANY),
  );
};
