import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { branchSaveSchema, branchSchema, idParams, messageResponse, PLACES_MSG } from '@serwis/domain';
import { requireAdmin } from '../../plugins/session.js';
import { listBranches } from './branches.repository.js';
import { toBranch } from './branches.mapper.js';
import { removeBranch, saveBranch } from './branches.service.js';

const tags = ['Oddziały'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

/** Branches are company-wide and admin-only, reading included (domain.md permissions). */
export const branchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/branch/getAll',
    {
      schema: {
        tags,
        summary: 'Oddziały firmy (administrator)',
        response: { 200: z.array(branchSchema), 403: messageResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return (await listBranches(app.db)).map(toBranch);
    },
  );

  app.post(
    '/api/branch/insert',
    {
      schema: {
        tags,
        summary: 'Dodanie (id 0) lub edycja (id > 0) oddziału (administrator)',
        body: branchSaveSchema,
        response: { 200: branchSchema, 201: branchSchema, ...errors },
      },
      // The role is checked before the body, so a USER learns nothing from validation messages.
      preValidation: async (request) => {
        requireAdmin(request);
      },
    },
    async (request, reply) => {
      const { created, branch } = await saveBranch(app.db, requireAdmin(request), request.body);
      return reply.status(created ? 201 : 200).send(branch);
    },
  );

  app.delete(
    '/api/branch/deleteBranch/:id',
    {
      schema: {
        tags,
        summary: 'Usunięcie oddziału (administrator)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
      preValidation: async (request) => {
        requireAdmin(request);
      },
    },
    async (request) => {
      await removeBranch(app.db, requireAdmin(request), request.params.id);
      return { message: PLACES_MSG.branchDeleted };
    },
  );
};
