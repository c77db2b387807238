import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  employeeDependantsSchema,
  employeeInsertSchema,
  employeeSchema,
  employeeUpdateSchema,
  idParams,
  messageResponse,
  versionQuery,
} from '@serwis/domain';
import { notFound } from '../../lib/app-error.js';
import { requireAdmin, SESSION_COOKIE } from '../../plugins/session.js';
import { findUserById, listUsers } from './users.repository.js';
import { toEmployee } from './users.mapper.js';
import { countUserReferences } from './users.references.js';
import { createEmployee, removeEmployee, updateEmployee } from './users.service.js';

const tags = ['Pracownicy'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest, before body validation: a USER learns only that the answer is no.
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });

  app.get(
    '/api/user/findAllFlatRoles',
    { schema: { tags, summary: 'Lista pracowników', response: { 200: z.array(employeeSchema), ...errors } } },
    async () => (await listUsers(app.db)).map(toEmployee),
  );

  app.get(
    '/api/user/findById/:id',
    { schema: { tags, params: idParams, response: { 200: employeeSchema, ...errors } } },
    async (request) => {
      const row = await findUserById(app.db, request.params.id);
      if (!row) throw notFound(MSG.employeeNotFound);
      return toEmployee(row);
    },
  );

  app.post(
    '/api/user/insert',
    { schema: { tags, body: employeeInsertSchema, response: { 201: employeeSchema, ...errors } } },
    async (request, reply) => {
      const employee = await createEmployee(
        app.db,
        app.mailer,
        request.user!,
        request.body,
        app.config.publicBaseUrl,
      );
      return reply.status(201).send(employee);
    },
  );

  app.put(
    '/api/user/update',
    {
      schema: {
        tags,
        summary: 'Edycja pracownika; base: 409, gdy na serwerze jest inna wersja',
        querystring: versionQuery,
        body: employeeUpdateSchema,
        response: { 200: employeeSchema, ...errors },
      },
    },
    async (request) =>
      updateEmployee(app.db, request.user!, request.body, {
        actorToken: request.cookies[SESSION_COOKIE],
        base: request.query.base,
      }),
  );

  app.get(
    '/api/user/dependants/:id',
    {
      schema: {
        tags,
        summary:
          'Ile zapisów wiąże pracownika (protokoły, notatki, zadania…): pytane przed potwierdzeniem usunięcia',
        params: idParams,
        response: { 200: employeeDependantsSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await findUserById(app.db, request.params.id))) throw notFound(MSG.employeeNotFound);
      return { records: await countUserReferences(app.db, request.params.id) };
    },
  );

  app.delete(
    '/api/user/delete/:id',
    { schema: { tags, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await removeEmployee(app.db, request.user!, request.params.id);
      return { message: MSG.employeeDeleted };
    },
  );
};
