import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listQuery,
  logEntrySchema,
  logRedactAnswerSchema,
  logRedactSchema,
  logSortFields,
  messageResponse,
} from '@serwis/domain';
import { requireAdmin } from '../../plugins/session.js';
import { countLogs, findLogs, findLogsByIds, logIdQuery, logSearch } from './logs.repository.js';
import { streamList } from '../../lib/json-stream.js';
import { runsSideBySide } from '../../db/database.js';
import { pageWindow, pageWithTotal, setTotalCount } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';
import { trimmedTerm } from '../../lib/text-search.js';
import { redactLog } from './logs.redact.js';

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/log/findAll',
    {
      // Before the query is validated: a USER learns only that the answer is no.
      onRequest: async (request) => {
        requireAdmin(request);
      },
      schema: {
        tags: ['Logi'],
        summary:
          'Dziennik zdarzeń, najnowsze pierwsze (sort=eventId,asc: najstarsze); page/size/q stronicują po stronie serwera',
        querystring: listQuery,
        response: {
          200: z.array(logEntrySchema),
          400: messageResponse,
          401: messageResponse,
          403: messageResponse,
        },
      },
    },
    async (request, reply) => {
      const { q } = request.query;
      // Refused before anything is read, as on every list; both fields are the Nr's order.
      const { direction } = parseSortParam(request.query.sort, logSortFields, {
        field: 'eventId',
        direction: 'desc',
      });
      const window = pageWindow(request.query);
      const where = await logSearch(app.db, q);
      if (!window)
        return streamList(reply, app.db, logIdQuery(app.db, where, direction), (ids) =>
          findLogsByIds(app.db, ids),
        );
      // A search is counted first: a few matches are sorted rather than looked for by walking the
      // whole log newest first (lib/paging.ts, logs.repository.ts).
      const { rows, total } = await pageWithTotal(
        window,
        (page, counted) =>
          findLogs(app.db, { where, ...page, direction, fewMatches: counted && !counted.estimated }),
        (atLeast, upTo) => countLogs(app.db, where, upTo, atLeast),
        { countFirst: Boolean(trimmedTerm(q)), sideBySide: runsSideBySide(app.db) },
      );
      setTotalCount(reply, total);
      return rows;
    },
  );

  app.post(
    '/api/log/redact',
    {
      // The role first: a USER learns nothing from validation messages.
      preValidation: async (request) => {
        requireAdmin(request);
      },
      schema: {
        tags: ['Logi'],
        summary:
          'Usunięcie tekstu (danych osobowych) ze wszystkich wpisów dziennika: zastąpiony napisem „[usunięto]”; preview=true tylko liczy wpisy (administrator)',
        body: logRedactSchema,
        response: {
          200: logRedactAnswerSchema,
          400: messageResponse,
          401: messageResponse,
          403: messageResponse,
        },
      },
    },
    async (request) => redactLog(app.db, requireAdmin(request), request.body),
  );
};
