import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CUSTOMER_CSV_FILE_NAME,
  MSG,
  customerDependantsSchema,
  customerIdQuery,
  customerInsertSchema,
  customerSchema,
  customerUpdateSchema,
  idParams,
  listQuery,
  messageResponse,
} from '@serwis/domain';
import { notFound } from '../../lib/app-error.js';
import { auditCsvExport, sendCsvFile } from '../../lib/csv-file.js';
import { idBatches, readFirst, streamList } from '../../lib/json-stream.js';
import { keepConnectionUntil } from '../../lib/keep-connection.js';
import { pageWindow, setTotalCount } from '../../lib/paging.js';
import { streamResponse } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/session.js';
import {
  countCustomers,
  customerDependants,
  customerListIdQuery,
  findCustomerById,
  findCustomers,
  findCustomersByIds,
} from './customers.repository.js';
import { customerCsvChunks } from './customers.csv.js';
import { toCustomer } from './customers.mapper.js';
import { createCustomer, editCustomer, removeCustomer } from './customers.service.js';

const tags = ['Kontrahenci'];
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/customer/findAll',
    {
      schema: {
        tags,
        summary: 'Kontrahenci, najnowsi pierwsi; z page/size/sort/q zwraca stronę i nagłówek X-Total-Count',
        querystring: listQuery,
        response: { 200: z.array(customerSchema), 400: messageResponse },
      },
    },
    async (request, reply) => {
      const { q, sort } = request.query;
      const window = pageWindow(request.query);
      if (!window) {
        const load = async (ids: number[]) => (await findCustomersByIds(app.db, ids)).map(toCustomer);
        return streamList(reply, app.db, customerListIdQuery(app.db, { q, sort }), load);
      }
      setTotalCount(reply, await countCustomers(app.db, q));
      return (await findCustomers(app.db, { q, sort, ...window })).map(toCustomer);
    },
  );

  app.get(
    '/api/customer/get-csv',
    {
      schema: {
        tags,
        summary: `Eksport listy kontrahentów do pliku ${CUSTOMER_CSV_FILE_NAME} (wszystkie wiersze wyszukiwania; uzupełnienie API)`,
        querystring: listQuery.pick({ sort: true, q: true }),
        response: {
          200: streamResponse(
            `Plik CSV (załącznik ${CUSTOMER_CSV_FILE_NAME}): BOM UTF-8, średniki, CRLF; kolumny listy kontrahentów pod nazwami, które import rozpoznaje`,
            ['text/csv'],
          ),
          400: messageResponse,
        },
      },
    },
    async (request, reply) => {
      // The first batch is read before the headers go out, so a refused search is answered in full.
      // The connection is kept while the export waits for its place (keepConnectionUntil).
      const idQuery = customerListIdQuery(app.db, request.query);
      await auditCsvExport(app.db, request.user ?? null, CUSTOMER_CSV_FILE_NAME, request.query);
      const ids = await keepConnectionUntil(reply, readFirst(idBatches(app.db, idQuery, { kind: 'export' })));
      return sendCsvFile(reply, CUSTOMER_CSV_FILE_NAME, customerCsvChunks(app.db, ids), ids);
    },
  );

  app.get(
    '/api/customer/findById/:id',
    {
      schema: {
        tags,
        summary: 'Jeden kontrahent (uzupełnienie API)',
        params: idParams,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findCustomerById(app.db, request.params.id);
      if (!row) throw notFound(MSG.customerNotFound);
      return toCustomer(row);
    },
  );

  app.post(
    '/api/customer/insert',
    { schema: { tags, body: customerInsertSchema, response: { 201: customerSchema, ...errors } } },
    async (request, reply) => {
      const customer = await createCustomer(app.db, currentUser(request), request.body);
      return reply.status(201).send(customer);
    },
  );

  app.put(
    '/api/customer/update',
    {
      schema: {
        tags,
        summary: 'Edycja kontrahenta (tylko administrator)',
        body: customerUpdateSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => editCustomer(app.db, currentUser(request), request.body),
  );

  app.get(
    '/api/customer/dependants/:id',
    {
      schema: {
        tags,
        summary: 'Co wiąże kontrahenta (maszyny, zdarzenia serwisowe): pytane przed potwierdzeniem usunięcia',
        params: idParams,
        response: { 200: customerDependantsSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await findCustomerById(app.db, request.params.id))) throw notFound(MSG.customerNotFound);
      return customerDependants(app.db, request.params.id);
    },
  );

  app.delete(
    '/api/customer/delete/:id',
    {
      schema: {
        tags,
        summary: 'Usunięcie kontrahenta (tylko administrator; 409 gdy ma maszyny lub zdarzenia)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeCustomer(app.db, currentUser(request), request.params.id);
      return { message: MSG.customerDeleted };
    },
  );

  // Listed in spec §7 with an unknown purpose; kept as an alias of the DELETE call above.
  app.post(
    '/api/customer/delete',
    {
      schema: {
        tags,
        summary: 'Zgodność ze starym klientem: to samo co DELETE /api/customer/delete/{id}',
        querystring: customerIdQuery,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeCustomer(app.db, currentUser(request), request.query.id);
      return { message: MSG.customerDeleted };
    },
  );
};
