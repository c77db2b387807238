import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  deviceFilterSchema,
  deviceInsertSchema,
  deviceSchema,
  deviceUpdateSchema,
  idParams,
  listQuery,
  messageResponse,
  type ListQuery,
  type MachineType,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { idBatches } from '../../lib/json-stream.js';
import {
  boundedTotal,
  boundedTotalUnordered,
  estimatedRows,
  pageWindow,
  setTotalCount,
} from '../../lib/paging.js';
import { streamResponse } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/session.js';
import {
  deviceMatches,
  findDeviceById,
  findDevicesByIds,
  pageDeviceIds,
  type PageWindow,
  listDeviceNames,
} from './devices.repository.js';
import { deviceOrder, deviceWhere, hasCheckedConditions, type DeviceCriteria } from './devices.query.js';
import { toDevice } from './devices.mapper.js';
import { CSV_FILE_NAME, csvChunks } from './devices.csv.js';
import { createDevice, editDevice, removeDevice } from './devices.service.js';
import { deviceIdQuery, streamDeviceList } from './devices.stream.js';

/** Up to this many matches a page is cut from the sorted matches rather than from an index walk. */
const FEW_ROWS = 5000;
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };
const filterBody = deviceFilterSchema.nullish();
const csvQuery = listQuery.pick({ sort: true, q: true });
const csvResponse = streamResponse(
  `${CSV_FILE_NAME} (załącznik): BOM UTF-8, średniki, CRLF; kolumny jak na liście maszyn`,
  ['text/csv'],
);

const FAMILIES: { family: MachineType; prefix: string; tags: string[] }[] = [
  { family: 'INTERNAL', prefix: '/api/device', tags: ['Maszyny'] },
  { family: 'EXTERNAL', prefix: '/api/device-external', tags: ['Maszyny zewnętrzne'] },
];

/**
 * One machine list answer: without page/size every match (the old client's contract), else the
 * page and X-Total-Count. Shared by the family lists and a category's or customer's machines.
 */
async function answerDeviceList(
  db: Db,
  reply: FastifyReply,
  criteria: DeviceCriteria,
  query: Pick<ListQuery, 'page' | 'size' | 'sort'>,
) {
  const where = deviceWhere(criteria);
  // Read first: an unknown sort field is a 400 before any query runs or any header is set.
  const order = deviceOrder(query.sort);
  const window = pageWindow(query, 10);
  if (!window) return streamDeviceList(db, reply, where, order);
  // The count comes first: it is needed for the header and tells how to fetch the page. Exact up
  // to EXACT_TOTAL_BOUND matches, estimated beyond (a million machines are never counted).
  // Family, owner and status alone: an index-only count of 10,001 entries at most. With text
  // filters or `q` the count must not walk a sort index (boundedTotalUnordered).
  const count = hasCheckedConditions(criteria) ? boundedTotalUnordered : boundedTotal;
  const total = await count(db, deviceMatches(where));
  setTotalCount(reply, total);
  if (!total.estimated && window.offset >= total.total) return [];
  const pageOrder =
    !total.estimated && total.total <= FEW_ROWS ? deviceOrder(query.sort, { fewRows: true }) : order;
  const walk = total.estimated && (await walkPays(db, criteria, total.total, window));
  const ids = await pageDeviceIds(db, walk ? deviceWhere(criteria, { walk }) : where, pageOrder, window);
  return (await findDevicesByIds(db, ids)).map(toDevice);
}

/**
 * Whether walking the sort order's index beats collecting every match and sorting it, for `matches`
 * (estimated) of the family's or owner's machines. The walk reads about (offset + size) × all / matches
 * machines, the sort about `matches` (a sort step costs roughly what a walked machine costs twice).
 */
async function walkPays(db: Db, criteria: DeviceCriteria, matches: number, window: PageWindow) {
  const { family, owner } = criteria;
  const all = await estimatedRows(db, deviceMatches(deviceWhere({ family, owner })));
  return (window.offset + window.limit) * all * 2 < matches * matches;
}

/** The calls each family has for itself: its list, CSV, names, insert and update. */
const familyRoutes =
  (family: MachineType, prefix: string, tags: string[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${prefix}/getByFilter`,
      {
        schema: {
          tags,
          summary: 'Lista maszyn wg filtra; z page/size jedna strona i nagłówek X-Total-Count',
          body: filterBody,
          querystring: listQuery,
          response: { 200: z.array(deviceSchema), ...errors },
        },
      },
      async (request, reply) => {
        const criteria = { family, filter: request.body ?? undefined, q: request.query.q };
        return answerDeviceList(app.db, reply, criteria, request.query);
      },
    );

    app.post(
      `${prefix}/get-csv-by-filter`,
      {
        schema: {
          tags,
          summary: 'Eksport listy maszyn do pliku maszyny.csv (wszystkie wiersze filtra)',
          body: filterBody,
          querystring: csvQuery,
          response: { 200: csvResponse, ...errors },
        },
      },
      async (request, reply) => {
        const where = deviceWhere({ family, filter: request.body ?? undefined, q: request.query.q });
        // Ids from a cursor over the sorted matches, rows a batch at a time: memory stays flat.
        const ids = idBatches(app.db, deviceIdQuery(app.db, where, deviceOrder(request.query.sort)));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${CSV_FILE_NAME}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(csvChunks(app.db, ids), { objectMode: false }));
      },
    );

    app.get(
      `${prefix}/findAllDevicesNames`,
      {
        schema: {
          tags,
          summary: 'Nazwy maszyn (bez powtórzeń, posortowane)',
          response: { 200: z.array(z.string()) },
        },
      },
      async () => listDeviceNames(app.db, family),
    );

    app.post(
      `${prefix}/insert`,
      { schema: { tags, body: deviceInsertSchema, response: { 201: deviceSchema, ...errors } } },
      async (request, reply) => {
        const device = await createDevice(app.db, currentUser(request), family, request.body);
        return reply.status(201).send(device);
      },
    );

    app.put(
      `${prefix}/update`,
      { schema: { tags, body: deviceUpdateSchema, response: { 200: deviceSchema, ...errors } } },
      async (request) => editDevice(app.db, currentUser(request), family, request.body),
    );
  };

/** Calls by id serve both families (the external machine card uses them too). */
const sharedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Maszyny'];

  app.get(
    '/api/device/findById/:id',
    { schema: { tags, params: idParams, response: { 200: deviceSchema, ...errors } } },
    async (request) => {
      const row = await findDeviceById(app.db, request.params.id);
      if (!row) throw notFound(MSG.machineNotFound);
      return toDevice(row);
    },
  );

  const ownerLists = [
    { path: '/api/device/findByCategory/:id', owner: 'categoryId', of: 'kategorii' },
    { path: '/api/device/findByCustomer/:id', owner: 'customerId', of: 'kontrahenta' },
  ] as const;
  for (const { path, owner, of } of ownerLists) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            `Maszyny ${of} (obie rodziny), wg wagi statusu; ` +
            'z page/size/sort/q jak lista maszyn: strona i nagłówek X-Total-Count',
          params: idParams,
          querystring: listQuery,
          response: { 200: z.array(deviceSchema), ...errors },
        },
      },
      async (request, reply) => {
        const ownerId = request.params.id;
        const criteria = {
          owner: owner === 'categoryId' ? { categoryId: ownerId } : { customerId: ownerId },
          q: request.query.q,
        };
        return answerDeviceList(app.db, reply, criteria, request.query);
      },
    );
  }

  app.delete(
    '/api/device/delete/:id',
    { schema: { tags, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await removeDevice(
        { db: app.db, storage: app.storage, log: request.log },
        currentUser(request),
        request.params.id,
      );
      return { message: MSG.machineDeleted };
    },
  );
};

export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { family, prefix, tags } of FAMILIES) await app.register(familyRoutes(family, prefix, tags));
  await app.register(sharedRoutes);
};
