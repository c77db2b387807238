import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  id,
  idParams,
  listQuery,
  messageResponse,
  noteInsertSchema,
  noteSchema,
  noteUpdateSchema,
} from '@serwis/domain';
import { pageWindow, setTotalCount } from '../../lib/paging.js';
import { currentUser } from '../../plugins/session.js';
import { toDeviceNote } from './notes.mapper.js';
import { countNotesOfDevice, listNotesOfDevice } from './notes.repository.js';
import { createNote, editNote, removeNote } from './notes.service.js';

const tags = ['Notatki'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/deviceNote/findByIdDevice/:deviceId',
    {
      schema: {
        tags,
        summary:
          'Notatki maszyny, najnowsze pierwsze; z page/size/sort/q (treść) strona i nagłówek X-Total-Count',
        params: z.object({ deviceId: id }),
        querystring: listQuery,
        response: { 200: z.array(noteSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { deviceId } = request.params;
      const { q, sort } = request.query;
      const window = pageWindow(request.query);
      // Rows first: a bad sort answers 400 before any header is set.
      const rows = await listNotesOfDevice(app.db, deviceId, { q, sort, ...window });
      if (window) setTotalCount(reply, await countNotesOfDevice(app.db, deviceId, q));
      return rows.map(toDeviceNote);
    },
  );

  app.post(
    '/api/deviceNote/insert',
    { schema: { tags, body: noteInsertSchema, response: { 201: noteSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createNote(app.db, currentUser(request), request.body)),
  );

  app.put(
    '/api/deviceNote/update',
    {
      schema: {
        tags,
        summary: 'Edycja notatki (własnej; administrator: każdej)',
        body: noteUpdateSchema,
        response: { 200: noteSchema, ...errors },
      },
    },
    async (request) => editNote(app.db, currentUser(request), request.body),
  );

  app.delete(
    '/api/deviceNote/delete/:id',
    {
      schema: {
        tags,
        summary: 'Usunięcie notatki (własnej; administrator: każdej)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeNote(app.db, currentUser(request), request.params.id);
      return { message: MSG.noteDeleted };
    },
  );
};
