import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuery, logEntrySchema, messageResponse } from '@serwis/domain';
import { requireAdmin } from '../../plugins/session.js';
import { countLogs, findLogs } from './logs.repository.js';
import { pageWindow, setTotalCount } from '../../lib/paging.js';

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/log/findAll',
    {
      schema: {
        tags: ['Logi'],
        summary: 'Dziennik zdarzeń, najnowsze pierwsze; page/size/q stronicują po stronie serwera',
        querystring: listQuery,
        response: { 200: z.array(logEntrySchema), 403: messageResponse },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { q } = request.query;
      const window = pageWindow(request.query);
      if (window) setTotalCount(reply, await countLogs(app.db, q));
      return findLogs(app.db, { q, ...window });
    },
  );
};
