import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  categoryDetailsSchema,
  categoryInsertSchema,
  categorySchema,
  categoryUpdateSchema,
  idParams,
  listQuery,
  messageResponse,
  versionQuery,
} from '@serwis/domain';
import { streamList } from '../../lib/json-stream.js';
import { pageWindow, setTotalCount } from '../../lib/paging.js';
import { currentUser } from '../../plugins/session.js';
import {
  categoryIdQuery,
  countCategories,
  findCategories,
  findCategoriesByIds,
} from './categories.repository.js';
import { createCategory, editCategory, getCategory, removeCategory } from './categories.service.js';

const tags = ['Kategorie'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/category/findAll',
    {
      schema: {
        tags,
        summary: 'Kategorie z liczbą maszyn (count); z page/size/sort/q zwraca stronę i X-Total-Count',
        querystring: listQuery,
        response: { 200: z.array(categorySchema), 400: messageResponse },
      },
    },
    async (request, reply) => {
      const { q, sort } = request.query;
      const window = pageWindow(request.query);
      if (!window) {
        const load = (ids: number[]) => findCategoriesByIds(app.db, ids);
        return streamList(reply, app.db, categoryIdQuery(app.db, { q, sort }), load);
      }
      setTotalCount(reply, await countCategories(app.db, q));
      return findCategories(app.db, { q, sort, ...window });
    },
  );

  app.get(
    '/api/category/findById/:id',
    {
      schema: {
        tags,
        summary: 'Kategoria z listą czynności serwisowych (serviceReviewOperationsList)',
        params: idParams,
        response: { 200: categoryDetailsSchema, ...errors },
      },
    },
    async (request) => getCategory(app.db, request.params.id),
  );

  app.post(
    '/api/category/insert',
    { schema: { tags, body: categoryInsertSchema, response: { 201: categoryDetailsSchema, ...errors } } },
    async (request, reply) => {
      const category = await createCategory(app.db, currentUser(request), request.body);
      return reply.status(201).send(category);
    },
  );

  app.put(
    '/api/category/update',
    {
      schema: {
        tags,
        summary:
          'Zmiana nazwy (każdy) i listy czynności serwisowych (tylko administrator); base: 409, gdy na serwerze jest inna wersja',
        querystring: versionQuery,
        body: categoryUpdateSchema,
        response: { 200: categoryDetailsSchema, ...errors },
      },
    },
    async (request) => editCategory(app.db, currentUser(request), request.body, request.query.base),
  );

  app.delete(
    '/api/category/delete/:id',
    {
      schema: {
        tags,
        summary: 'Usunięcie kategorii (tylko administrator; 409 gdy są w niej maszyny)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeCategory(app.db, currentUser(request), request.params.id);
      return { message: MSG.categoryDeleted };
    },
  );
};
