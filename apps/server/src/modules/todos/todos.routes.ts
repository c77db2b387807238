import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  messageResponse,
  todoDeleteQuery,
  todoListQuery,
  todoSaveSchema,
  todoSchema,
} from '@serwis/domain';
import { pageWindow, setTotalCount } from '../../lib/paging.js';
import { requireAdmin } from '../../plugins/session.js';
import { listTodoViews, removeTodo, saveTodo, streamTodoViews } from './todos.service.js';

const tags = ['Zadania'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const todosRoutes: FastifyPluginAsyncZod = async (app) => {
  // Permission comes before validation: a non-admin learns "no permission", not what was wrong.
  const adminOnly = async (request: Parameters<typeof requireAdmin>[0]) => {
    requireAdmin(request);
  };

  app.get(
    '/api/todo/get',
    {
      schema: {
        tags,
        summary:
          'Zadania: toDoStatus=TODO (otwarte, domyślnie) lub ALL; najnowsze pierwsze; page/size/sort/q opcjonalnie',
        querystring: todoListQuery,
        response: { 200: z.array(todoSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (!pageWindow(request.query)) return streamTodoViews(app.db, reply, request.query);
      const result = await listTodoViews(app.db, request.query);
      if (result.paged) setTotalCount(reply, result.total);
      return result.todos;
    },
  );

  app.post(
    '/api/todo/save',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Nowe zadanie (bez id) lub edycja zadania niepowiązanego ze zdarzeniem serwisowym (ADMIN)',
        body: todoSaveSchema,
        response: { 200: todoSchema, 201: todoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { todo, created } = await saveTodo(app.db, requireAdmin(request), request.body);
      return reply.status(created ? 201 : 200).send(todo);
    },
  );

  app.delete(
    '/api/todo/delete',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Usuwa zadanie niepowiązane ze zdarzeniem serwisowym (ADMIN)',
        querystring: todoDeleteQuery,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeTodo(app.db, requireAdmin(request), request.query.id);
      return { message: MSG.todoDeleted };
    },
  );
};
