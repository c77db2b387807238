import { Readable } from 'node:stream';
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
  type MachineType,
} from '@serwis/domain';
import { notFound } from '../../lib/app-error.js';
import { pageWindow, setTotalCount } from '../../lib/paging.js';
import { currentUser } from '../../plugins/session.js';
import {
  allDeviceIds,
  countDevices,
  findDeviceById,
  findDevicesByIds,
  findDevicesBy,
  pageDeviceIds,
  listDeviceNames,
  listDevices,
} from './devices.repository.js';
import { deviceOrder, deviceWhere } from './devices.query.js';
import { toDevice } from './devices.mapper.js';
import { CSV_FILE_NAME, csvChunks } from './devices.csv.js';
import { createDevice, editDevice, removeDevice } from './devices.service.js';

/** Up to this many matches a page is cut from the sorted matches rather than from an index walk. */
const FEW_ROWS = 5000;
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };
const filterBody = deviceFilterSchema.nullish();
const csvQuery = listQuery.pick({ sort: true, q: true });

const FAMILIES: { family: MachineType; prefix: string; tags: string[] }[] = [
  { family: 'INTERNAL', prefix: '/api/device', tags: ['Maszyny'] },
  { family: 'EXTERNAL', prefix: '/api/device-external', tags: ['Maszyny zewnętrzne'] },
];

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
        const where = deviceWhere({ family, filter: request.body ?? undefined, q: request.query.q });
        const window = pageWindow(request.query, 10);
        if (!window) return (await listDevices(app.db, where, deviceOrder(request.query.sort))).map(toDevice);
        // The count comes first: it is needed for the header and tells how to fetch the page.
        const total = await countDevices(app.db, where);
        setTotalCount(reply, total);
        if (window.offset >= total) return [];
        const order = deviceOrder(request.query.sort, { fewRows: total <= FEW_ROWS });
        const ids = await pageDeviceIds(app.db, where, order, window);
        return (await findDevicesByIds(app.db, ids)).map(toDevice);
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
        },
      },
      async (request, reply) => {
        const where = deviceWhere({ family, filter: request.body ?? undefined, q: request.query.q });
        // Ids first (one sort in the database), rows afterwards in batches: memory stays flat.
        const ids = await allDeviceIds(app.db, where, deviceOrder(request.query.sort));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${CSV_FILE_NAME}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(csvChunks(app.db, ids)));
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

  app.get(
    '/api/device/findByCategory/:id',
    { schema: { tags, params: idParams, response: { 200: z.array(deviceSchema), ...errors } } },
    async (request) => (await findDevicesBy(app.db, 'categoryId', request.params.id)).map(toDevice),
  );

  app.get(
    '/api/device/findByCustomer/:id',
    { schema: { tags, params: idParams, response: { 200: z.array(deviceSchema), ...errors } } },
    async (request) => (await findDevicesBy(app.db, 'customerId', request.params.id)).map(toDevice),
  );

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
