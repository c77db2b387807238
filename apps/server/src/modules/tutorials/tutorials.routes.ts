import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageResponse,
  tutorialDownloadQuery,
  tutorialEntrySchema,
  tutorialFolderCreateSchema,
  tutorialSourceInfoSchema,
  tutorialTreeQuery,
  tutorialTreeSchema,
  tutorialUploadQuery,
  uploadFilePart,
} from '@serwis/domain';
import { streamResponse } from '../../plugins/openapi.js';
import { currentUser, requireAdmin } from '../../plugins/session.js';
import { createTutorialSource, Tutorials } from './tutorials.service.js';

const tags = ['Tutoriale'];
const errors = {
  400: messageResponse,
  403: messageResponse,
  404: messageResponse,
  409: messageResponse,
  413: messageResponse,
  502: messageResponse,
};

/**
 * Tutorials (spec §7 google-drive/*): the tree and the files of the configured source, whichever
 * it is; admins add folders and files when it is a local directory.
 */
export const tutorialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tutorials = new Tutorials(
    createTutorialSource(app.config, app.db, app.storage, app.log),
    app.config.TUTORIALS_CACHE_SECONDS * 1000,
    app.log,
  );

  app.get(
    '/api/google-drive/getTree',
    {
      schema: {
        tags,
        summary:
          'Foldery tutoriali z plikami (źródło: katalog lokalny lub Dysk Google), przechowywane ' +
          'przez TUTORIALS_CACHE_SECONDS; refresh=true (administrator) czyta źródło od nowa',
        querystring: tutorialTreeQuery,
        response: { 200: tutorialTreeSchema, ...errors },
      },
    },
    async (request) => {
      if (request.query.refresh) requireAdmin(request);
      else currentUser(request);
      return tutorials.tree({ refresh: request.query.refresh });
    },
  );

  app.get(
    '/api/google-drive/downloadFile',
    {
      schema: {
        tags,
        summary: 'Plik tutorialu (obsługuje nagłówek Range; źródło filmu i zdjęcia)',
        querystring: tutorialDownloadQuery,
        response: {
          200: streamResponse(
            'Cały plik. Content-Type wg rozszerzenia (pdf, zdjęcia, wideo: inline), inne jako załącznik',
            ['*/*'],
            'binary',
          ),
          206: streamResponse('Zakres bajtów z nagłówka Range (Content-Range)', ['*/*'], 'binary'),
          ...errors,
          416: messageResponse,
        },
      },
    },
    async (request, reply) => {
      currentUser(request);
      return tutorials.send(reply, request.query.fileId, request.headers.range);
    },
  );

  app.get(
    '/api/google-drive/source',
    {
      schema: {
        tags,
        summary: 'Skąd są tutoriale i czy administrator może dodawać foldery i pliki',
        response: { 200: tutorialSourceInfoSchema, ...errors },
      },
    },
    async (request) => {
      currentUser(request);
      return tutorials.info();
    },
  );

  app.post(
    '/api/google-drive/createFolder',
    {
      schema: {
        tags,
        summary: 'Nowy folder tutoriali (administrator; tylko źródło lokalne)',
        body: tutorialFolderCreateSchema,
        response: { 201: tutorialEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      return reply.status(201).send(await tutorials.createFolder(actor, request.body.name));
    },
  );

  app.post(
    '/api/google-drive/uploadFile',
    {
      schema: {
        tags,
        summary: 'Dodanie pliku do folderu tutoriali (administrator; tylko źródło lokalne)',
        description:
          'multipart/form-data z częścią `file`; nazwa pliku z tej części. Plik o tej samej nazwie ' +
          'w folderze nie jest zastępowany (409).',
        querystring: tutorialUploadQuery,
        multipartBody: z.object({ file: uploadFilePart.describe('Plik (jedna część).') }),
        response: { 201: tutorialEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      return reply.status(201).send(await tutorials.upload(actor, request, request.query.folderId));
    },
  );
};
