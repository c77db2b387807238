import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  idParams,
  incidentInsertSchema,
  incidentQuerySchema,
  incidentSchema,
  messageResponse,
} from '@serwis/domain';
import { currentUser } from '../../plugins/session.js';
import { removeIncident, saveIncident, searchIncidents } from './incidents.service.js';

const tags = ['Zdarzenia maszyn'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const incidentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = app.config.TZ_COMPANY;

  app.get(
    '/api/incident/findByParameters',
    {
      schema: {
        tags,
        summary: 'Zdarzenia maszyny, data malejąco',
        description:
          'text: fragment treści (bez rozróżniania wielkości liter); dateFrom/dateTo: dzień (od 00:00:00 do ' +
          '23:59:59.999999 włącznie) lub data z godziną, w strefie firmy; showService=true dołącza ' +
          'powiązane zdarzenie serwisowe (service), inaczej service jest null (serviceId zawsze podany).',
        querystring: incidentQuerySchema,
        response: { 200: z.array(incidentSchema), ...errors },
      },
    },
    async (request) => searchIncidents(app.db, request.query, timeZone),
  );

  app.post(
    '/api/incident/insert',
    {
      schema: {
        tags,
        summary: 'Nowe (id 0 lub puste) lub edytowane (id > 0) zdarzenie maszyny',
        body: incidentInsertSchema,
        response: { 200: incidentSchema, 201: incidentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { incident, created } = await saveIncident(app.db, currentUser(request), request.body, timeZone);
      return reply.status(created ? 201 : 200).send(incident);
    },
  );

  app.delete(
    '/api/incident/delete/:id',
    { schema: { tags, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await removeIncident(app.db, currentUser(request), request.params.id, timeZone);
      return { message: MSG.incidentDeleted };
    },
  );
};
