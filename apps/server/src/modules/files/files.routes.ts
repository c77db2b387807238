import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  downloadFileQuery,
  fileAddPartsSchema,
  fileDescriptionUpdateSchema,
  fileListParams,
  idParams,
  listQuery,
  messageResponse,
  storedFileSchema,
  THUMBNAIL_WIDTH,
} from '@serwis/domain';
import { notFound } from '../../lib/app-error.js';
import { pageWindow, setTotalCount } from '../../lib/paging.js';
import { streamResponse } from '../../plugins/openapi.js';
import { currentUser, requireAdmin } from '../../plugins/session.js';
import { toStoredFile } from './files.mapper.js';
import {
  countFilesByDeviceAndType,
  findFileForDownload,
  listFilesByDeviceAndType,
} from './files.repository.js';
import { sendStoredFile } from './files.download.js';
import { sendThumbnail } from './files.thumbnail.js';
import { addMachineFile, changeFileDescription, receiveUpload, removeFile } from './files.service.js';
import { sweepOrphanFiles } from './files.sweep.js';

const tags = ['Pliki'];
const errors = {
  400: messageResponse,
  403: messageResponse,
  404: messageResponse,
  409: messageResponse,
  413: messageResponse,
};
const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => ({ db: app.db, storage: app.storage, log: request.log });

  app.get(
    '/api/file/findByDeviceAndType/:deviceId/:type',
    {
      schema: {
        tags,
        summary:
          'Pliki, parametry lub tabliczki znamionowe maszyny, najnowsze pierwsze; ' +
          'z page/size/sort/q (nazwa, opis) strona i nagłówek X-Total-Count',
        params: fileListParams,
        querystring: listQuery,
        response: { 200: z.array(storedFileSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { deviceId, type } = request.params;
      const { q, sort } = request.query;
      const window = pageWindow(request.query);
      // Rows first: a bad sort answers 400 before any header is set.
      const rows = await listFilesByDeviceAndType(app.db, deviceId, type, { q, sort, ...window });
      if (window) setTotalCount(reply, await countFilesByDeviceAndType(app.db, deviceId, type, q));
      return rows.map(toStoredFile);
    },
  );

  app.post(
    '/api/file/add',
    {
      schema: {
        tags,
        summary: 'Dodanie pliku maszyny',
        description:
          'multipart/form-data: część `file` (plik) i część `fileJson` (JSON: device {id} lub deviceId, ' +
          'type, filename, description), w dowolnej kolejności. Tabliczki znamionowe: tylko zdjęcia.',
        multipartBody: fileAddPartsSchema,
        response: { 201: storedFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const upload = await receiveUpload(request, app.storage, { file: 'file', json: 'fileJson' });
      const file = await addMachineFile(deps(request), actor, upload);
      return reply.status(201).send(file);
    },
  );

  app.patch(
    '/api/file/updateDescription',
    { schema: { tags, body: fileDescriptionUpdateSchema, response: { 200: storedFileSchema, ...errors } } },
    async (request) =>
      changeFileDescription(app.db, currentUser(request), request.body.id, request.body.description),
  );

  app.delete(
    '/api/file/delete/:id',
    { schema: { tags, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      const actor = requireAdmin(request);
      await removeFile(deps(request), actor, request.params.id);
      return { message: MSG.fileDeleted };
    },
  );

  app.get(
    '/api/storage/downloadFile',
    {
      schema: {
        tags,
        summary:
          'Pobranie pliku po nazwie w magazynie (obsługuje nagłówek Range); z width=' +
          `${THUMBNAIL_WIDTH} zdjęcie jako miniatura WebP o szerokości do ${THUMBNAIL_WIDTH} px ` +
          '(inne pliki w całości)',
        querystring: downloadFileQuery,
        response: {
          200: streamResponse(
            'Cały plik. Content-Type wg rozszerzenia (pdf, zdjęcia, wideo: inline) lub zapisany typ ' +
              '(załącznik); Content-Disposition z nazwą pliku',
            ['*/*'],
            'binary',
          ),
          206: streamResponse('Zakres bajtów z nagłówka Range (Content-Range)', ['*/*'], 'binary'),
          304: z.null().describe('Kopia przeglądarki aktualna (If-None-Match zgodny z ETag pliku)'),
          400: messageResponse,
          404: messageResponse,
          416: messageResponse,
        },
      },
    },
    async (request, reply) => {
      const row = await findFileForDownload(app.db, request.query.fileName);
      if (!row) throw notFound(MSG.fileNotFound);
      const { width } = request.query;
      if (width) return sendThumbnail(reply, app.storage, row, Number(width), request.headers);
      return sendStoredFile(reply, app.storage, row, request.headers);
    },
  );

  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    sweepOrphanFiles(app.db, app.storage, { log: app.log }).catch((error: unknown) =>
      app.log.error({ err: error }, 'orphan file sweep failed'),
    );
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
