import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, id, idParams, listQuery, messageResponse, partSaveSchema, partSchema } from '@serwis/domain';
import { pageWindow, setTotalCount } from '../../lib/paging.js';
import { currentUser } from '../../plugins/session.js';
import { toPart } from './parts.mapper.js';
import { countPartsOfDevice, listPartsOfDevice } from './parts.repository.js';
import { removePart, savePart } from './parts.service.js';

const tags = ['Części'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/part/findByDevice/:deviceId',
    {
      schema: {
        tags,
        summary:
          'Części (wyposażenie) maszyny wg nazwy; z page/size/sort/q (nazwa, numer seryjny, producent, ' +
          'opis) strona i nagłówek X-Total-Count',
        params: z.object({ deviceId: id }),
        querystring: listQuery,
        response: { 200: z.array(partSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { deviceId } = request.params;
      const { q, sort } = request.query;
      const window = pageWindow(request.query);
      // Rows first: a bad sort answers 400 before any header is set.
      const rows = await listPartsOfDevice(app.db, deviceId, { q, sort, ...window });
      if (window) setTotalCount(reply, await countPartsOfDevice(app.db, deviceId, q));
      return rows.map(toPart);
    },
  );

  app.post(
    '/api/part/save',
    {
      schema: {
        tags,
        summary: 'Dodanie (bez id: 201) lub edycja (z id: 200) części',
        body: partSaveSchema,
        response: { 200: partSchema, 201: partSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, part } = await savePart(app.db, currentUser(request), request.body);
      return reply.status(created ? 201 : 200).send(part);
    },
  );

  app.delete(
    '/api/part/delete/:id',
    { schema: { tags, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await removePart(app.db, currentUser(request), request.params.id);
      return { message: MSG.partDeleted };
    },
  );
};
