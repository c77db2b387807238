import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROTOCOL_MSG,
  installationOperationCreateSchema,
  installationOperationDeleteQuery,
  installationOperationIdQuery,
  installationOperationSchema,
  installationOperationUpdateSchema,
  messageResponse,
} from '@serwis/domain';
import { requireAdmin } from '../../plugins/session.js';
import { listInstallationOperations } from './installation-operations.repository.js';
import {
  addInstallationOperation,
  changeInstallationOperation,
  moveInstallationOperation,
  removeInstallationOperation,
  toInstallationOperation,
} from './installation-operations.service.js';

const tags = ['Protokół montażu'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse };
const list = z.array(installationOperationSchema);

/**
 * Spec §7 "Installation operations and configuration": admins only, reading included (domain.md
 * "Permissions": "… and installation operations | USER no"; spec §2: the "Protokół montażu" tab is
 * the admin's). A protocol reads the list on the server, for its author whoever he is.
 */
export const installationOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/installation-operation',
    {
      schema: {
        tags,
        summary: 'Czynności protokołu montażu w kolejności (administrator)',
        response: { 200: list, 403: messageResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return (await listInstallationOperations(app.db)).map(toInstallationOperation);
    },
  );

  app.post(
    '/api/installation-operation',
    {
      schema: {
        tags,
        summary: 'Nowa czynność na końcu listy (administrator)',
        body: installationOperationCreateSchema,
        response: { 201: installationOperationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      return reply.status(201).send(await addInstallationOperation(app.db, actor, request.body.text));
    },
  );

  app.put(
    '/api/installation-operation',
    {
      schema: {
        tags,
        summary: 'Edycja czynności; inny orderNumber przenosi ją na to miejsce (administrator)',
        body: installationOperationUpdateSchema,
        response: { 200: installationOperationSchema, ...errors },
      },
    },
    async (request) => changeInstallationOperation(app.db, requireAdmin(request), request.body),
  );

  app.delete(
    '/api/installation-operation',
    {
      schema: {
        tags,
        summary: 'Usunięcie czynności (administrator)',
        querystring: installationOperationDeleteQuery,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeInstallationOperation(app.db, requireAdmin(request), request.query.id);
      return { message: PROTOCOL_MSG.installationOperationDeleted };
    },
  );

  for (const [direction, step] of [
    ['move-up', -1],
    ['move-down', 1],
  ] as const) {
    app.patch(
      `/api/installation-operation/${direction}`,
      {
        schema: {
          tags,
          summary: `Przesunięcie czynności ${step < 0 ? 'w górę' : 'w dół'}; odpowiedź: cała lista (administrator)`,
          querystring: installationOperationIdQuery,
          response: { 200: list, ...errors },
        },
      },
      async (request) =>
        moveInstallationOperation(app.db, requireAdmin(request), request.query.installationOperationId, step),
    );
  }
};
