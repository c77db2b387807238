import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, id, idParams, messageResponse, partSaveSchema, partSchema } from '@serwis/domain';
import { currentUser } from '../../plugins/session.js';
import { toPart } from './parts.mapper.js';
import { listPartsOfDevice } from './parts.repository.js';
import { removePart, savePart } from './parts.service.js';

const tags = ['Części'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/part/findByDevice/:deviceId',
    {
      schema: {
        tags,
        summary: 'Części (wyposażenie) maszyny',
        params: z.object({ deviceId: id }),
        response: { 200: z.array(partSchema), ...errors },
      },
    },
    async (request) => (await listPartsOfDevice(app.db, request.params.deviceId)).map(toPart),
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
