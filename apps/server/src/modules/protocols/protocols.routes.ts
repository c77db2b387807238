import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  id,
  messageResponse,
  protocolDataSchema,
  protocolSchema,
  protocolSendSchema,
  versionQuery,
} from '@serwis/domain';
import { streamResponse } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/session.js';
import { contentDisposition } from '../files/files.download.js';
import { protocolPdf, sendProtocol } from './protocols.delivery.js';
import { getProtocol, saveProtocolDraft, signProtocol } from './protocols.service.js';

const tags = ['Protokoły'];
const errors = {
  400: messageResponse,
  403: messageResponse,
  404: messageResponse,
  409: messageResponse,
  503: messageResponse,
};
const params = z.object({ serviceId: id });
/**
 * `asDraft=true`: the screen edits an unsigned protocol's draft, so a protocol signed meanwhile (in
 * another tab or on another device) is not rewritten as an administrator's correction (409).
 * `base`: the `updatedAt` of the version the draft was made on (empty: none saved yet); another
 * version on the server is a 409 CHANGED_MEANWHILE, not a silent overwrite of the other changes.
 */
const draftQuery = versionQuery.extend({ asDraft: z.enum(['true', 'false']).optional() });
/** `base` as a draft's: a signing from a screen that has not seen another's save is refused (409). */
const signQuery = versionQuery;
/** The answer (the data is validated on the way in; out it is passed as stored). */
const protocolResponse = protocolSchema.extend({ data: z.record(z.string(), z.unknown()) });

/** The field protocol of a service event (issue 8; additions to spec §7, see docs/api.md). */
export const protocolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => ({
    db: app.db,
    storage: app.storage,
    mailer: app.mailer,
    config: app.config,
    log: request.log,
  });

  app.get(
    '/api/service/protocol/:serviceId',
    {
      schema: {
        tags,
        summary: 'Protokół zdarzenia: zapisany szkic lub nowy z aktualnych list czynności',
        params,
        response: { 200: protocolResponse, ...errors },
      },
    },
    async (request) => getProtocol(app.db, currentUser(request), request.params.serviceId),
  );

  app.put(
    '/api/service/protocol/:serviceId',
    {
      schema: {
        tags,
        summary:
          'Zapis szkicu protokołu (autor niepodpisanego lub administrator); asDraft=true: 409, gdy protokół podpisano w międzyczasie; base: 409, gdy na serwerze jest inna wersja',
        params,
        querystring: draftQuery,
        body: protocolDataSchema,
        response: { 200: protocolResponse, ...errors },
      },
    },
    async (request) =>
      saveProtocolDraft(deps(request), currentUser(request), request.params.serviceId, request.body, {
        asDraft: request.query.asDraft === 'true',
        base: request.query.base,
      }),
  );

  app.post(
    '/api/service/protocol/:serviceId/sign',
    {
      schema: {
        tags,
        summary:
          'Podpisanie protokołu: oba podpisy i odpowiedź w każdym punkcie (inaczej 400 z listą braków); ' +
          'numer, stan PODPISANY i PDF jako plik zdarzenia w jednej transakcji',
        params,
        querystring: signQuery,
        body: protocolDataSchema,
        response: { 200: protocolResponse, ...errors },
      },
    },
    async (request) =>
      signProtocol(deps(request), currentUser(request), request.params.serviceId, request.body, {
        base: request.query.base,
      }),
  );

  app.post(
    '/api/service/protocol/:serviceId/send',
    {
      schema: {
        tags,
        summary: 'Wysłanie podpisanego PDF do klienta (adres klienta lub podany)',
        params,
        body: protocolSendSchema,
        response: { 200: z.object({ message: z.string(), sentTo: z.string() }), ...errors },
      },
    },
    async (request) =>
      sendProtocol(deps(request), currentUser(request), request.params.serviceId, request.body.email),
  );

  app.get(
    '/api/service/protocol-pdf/:serviceId',
    {
      schema: {
        tags,
        summary: 'PDF protokołu: podpisany (zapisany) lub do druku z pustymi polami podpisów',
        params,
        response: {
          200: streamResponse('Plik PDF protokołu (inline)', ['application/pdf'], 'binary'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      currentUser(request);
      const { stream, filename } = await protocolPdf(deps(request), request.params.serviceId);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', filename))
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
};
