import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  SERVICE_CSV_FILE_NAMES,
  changeTodoStatusSchema,
  id,
  idParams,
  listQuery,
  messageResponse,
  serviceAddPartsSchema,
  serviceCsvQuery,
  serviceFilePartsSchema,
  serviceSchema,
  serviceUpdateSchema,
  type MachineType,
} from '@serwis/domain';
import { idBatches, readFirst, streamList } from '../../lib/json-stream.js';
import { auditCsvExport, sendCsvFile } from '../../lib/csv-file.js';
import { keepConnectionUntil } from '../../lib/keep-connection.js';
import { streamResponse } from '../../plugins/openapi.js';
import { serviceCsvChunks } from './services.csv.js';
import { runsSideBySide } from '../../db/database.js';
import { pageWindow, pageWithTotal, setTotalCount, totalBoundFor, type ListTotal } from '../../lib/paging.js';
import { walkedServiceFirst, walkedServicePage } from './services.signature.js';
import { customerMonths, customerMonthsPage } from './services.customer-months.js';
import { trimmedTerm } from '../../lib/text-search.js';
import { keptTotal } from '../list-counts/list-counts.repository.js';
import { currentUser } from '../../plugins/session.js';
import { changeServiceState, deleteService } from './services.actions.js';
import {
  countServices,
  findServiceIds,
  serviceIdQuery,
  lookUpListSearch,
  serviceListWhere,
  type ServiceListOptions,
} from './services.list.js';
import { descriptionRegionPage } from './services.description-region.js';
import { ownerOrderPage } from './services.owner-order.js';
import { loadServices } from './services.mapper.js';
import { changeTodoStatus, updateService } from './services.service.js';
import { addFileFromMultipart, addServiceFromMultipart } from './services.uploads.js';

const tags = ['Zdarzenia serwisowe'];
const errors = {
  400: messageResponse,
  403: messageResponse,
  404: messageResponse,
  409: messageResponse,
  413: messageResponse,
};
const listResponse = { 200: z.array(serviceSchema), ...errors };
const PAGE_DEFAULT = 15;

export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => ({ db: app.db, storage: app.storage, log: request.log });

  /** One list call: a page (with X-Total-Count) when page or size is given, else every row. */
  async function list(
    query: z.infer<typeof listQuery>,
    scope: Pick<ServiceListOptions, 'family' | 'deviceId'>,
    reply: FastifyReply,
  ) {
    const options: ServiceListOptions = { ...scope, q: query.q, sort: query.sort };
    const window = pageWindow(query, PAGE_DEFAULT);
    if (!window) {
      // The mapper's key order is not the schema's: rows go through the schema, as Fastify's would.
      const load = (ids: number[]) => loadServices(app.db, ids);
      return streamList(reply, app.db, await serviceIdQuery(app.db, options), load, {
        rowSchema: serviceSchema,
      });
    }
    // The search's lookups once for the page, its walk and the count; the count beside the page,
    // or left out (lib/paging.ts).
    const found = await lookUpListSearch(app.db, options);
    const where = await serviceListWhere(app.db, options, found);
    const bound = totalBoundFor(options.q);
    // A search naming customers: their months (asked once, when first needed) find a deep page and
    // add up the exact total, at any page (services.customer-months.ts).
    let counted: ReturnType<typeof customerMonths> | undefined;
    const months = () => (counted ??= customerMonths(app.db, options, found));
    // A broad search's first pages: its first matches by the signature walk, counted there (not when
    // it names customers, whose months give the exact total).
    const first =
      window.offset + window.limit <= bound && !(await months())
        ? await walkedServiceFirst(app.db, options, bound, where, found)
        : undefined;
    if (first) {
      setTotalCount(
        reply,
        first.length <= bound
          ? first.length
          : await countServices(app.db, options, { where, atLeast: bound + 1, bound }),
      );
      return loadServices(app.db, first.slice(window.offset, window.offset + window.limit));
    }
    // A whole family's size is kept by triggers (list_counts): exact, and one row read.
    const wholeFamily =
      !trimmedTerm(options.q) && options.deviceId === undefined ? options.family : undefined;
    const { rows, total } = await pageWithTotal(
      window,
      async (page) =>
        (await customerMonthsPage(app.db, options, page, found, months))?.ids ??
        (await ownerOrderPage(app.db, options, page, found)) ??
        (await descriptionRegionPage(app.db, options, page, found)) ??
        (await walkedServicePage(app.db, options, page, where, found)) ??
        findServiceIds(app.db, { ...options, ...page }, where),
      async (atLeast, upTo = bound): Promise<ListTotal> => {
        if (wholeFamily) return keptTotal(app.db, `services:${wholeFamily}`);
        const byMonths = await months();
        if (byMonths) return { total: byMonths.total, estimated: false };
        return countServices(app.db, options, { where, atLeast, bound: upTo });
      },
      {
        sideBySide: runsSideBySide(app.db),
        bound,
        kept: Boolean(wholeFamily),
        // A deep page's rows read beside the estimate of its total, on a pool.
        load: (ids) => loadServices(app.db, ids),
      },
    );
    setTotalCount(reply, total);
    return rows;
  }

  app.get(
    '/api/service/findByDeviceWithFilesEnitiy/:deviceId',
    {
      schema: {
        tags,
        summary: 'Zdarzenia serwisowe maszyny z plikami, numer malejąco',
        params: z.object({ deviceId: id }),
        querystring: listQuery,
        response: listResponse,
      },
    },
    async (request, reply) => list(request.query, { deviceId: request.params.deviceId }, reply),
  );

  for (const [path, family] of [
    ['/api/service/findAllOrderInternal', 'INTERNAL'],
    ['/api/service/findAllOrderExternal', 'EXTERNAL'],
  ] as const satisfies readonly (readonly [string, MachineType])[]) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `Zdarzenia serwisowe maszyn ${family === 'INTERNAL' ? 'własnych' : 'zewnętrznych'}`,
          description:
            'Domyślnie numer pełny malejąco (rok, miesiąc, numer, litera; nienumerowane na końcu swojego ' +
            'miesiąca). Opcjonalnie page, size, sort (fullNumber|id|date|paymentType|state|' +
            'faultDescription|customer|user, asc|desc), q; wtedy nagłówek X-Total-Count.',
          querystring: listQuery,
          response: listResponse,
        },
      },
      async (request, reply) => list(request.query, { family }, reply),
    );
  }

  app.get(
    '/api/service/get-csv',
    {
      schema: {
        tags,
        summary:
          'Eksport listy zdarzeń serwisowych (maszyn własnych lub zewnętrznych) do pliku CSV: wszystkie wiersze wyszukiwania w kolejności listy (uzupełnienie API)',
        querystring: serviceCsvQuery,
        response: {
          200: streamResponse('Plik CSV: BOM UTF-8, średniki, CRLF; kolumny listy zdarzeń', ['text/csv']),
          400: messageResponse,
        },
      },
    },
    async (request, reply) => {
      const { family, q, sort } = request.query;
      const fileName = SERVICE_CSV_FILE_NAMES[family];
      // The first batch is read before the headers go out, so a refused search is answered in full.
      const idQuery = await serviceIdQuery(app.db, { family, q, sort });
      await auditCsvExport(app.db, request.user ?? null, fileName, { q });
      const ids = await keepConnectionUntil(reply, readFirst(idBatches(app.db, idQuery, { kind: 'export' })));
      return sendCsvFile(reply, fileName, serviceCsvChunks(app.db, ids), ids);
    },
  );

  app.post(
    '/api/service/add',
    {
      schema: {
        tags,
        summary: 'Nowe zdarzenie serwisowe',
        description:
          'multipart/form-data: `serviceJson` (JSON) i opcjonalnie `protocolSerwisowyFile`. isToSign=true: ' +
          'PODPISANY z wpisanym lub kolejnym numerem roku; inaczej UTWORZONY bez numeru.',
        consumes: ['multipart/form-data'],
        multipartBody: serviceAddPartsSchema,
        response: { 201: serviceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const service = await addServiceFromMultipart(request, currentUser(request));
      return reply.status(201).send(service);
    },
  );

  app.put(
    '/api/service/update',
    {
      schema: {
        tags,
        summary: 'Edycja zdarzenia serwisowego',
        body: serviceUpdateSchema,
        response: { 200: serviceSchema, ...errors },
      },
    },
    async (request) => updateService(app.db, currentUser(request), request.body),
  );

  const actions = [
    ['sign', 'Podpisanie (UTWORZONY lub DODAJ_SKAN → PODPISANY, nadaje numer)'],
    ['reject', 'Odrzucenie (→ ODRZUCONY)'],
    ['printForScan', 'Wydruk do podpisu (UTWORZONY → DODAJ_SKAN, nadaje numer)'],
  ] as const;
  for (const [action, summary] of actions) {
    app.patch(
      `/api/service/${action}/:id`,
      { schema: { tags, summary, params: idParams, response: { 200: serviceSchema, ...errors } } },
      async (request) => changeServiceState(app.db, currentUser(request), request.params.id, action),
    );
  }

  app.patch(
    '/api/service/addFile/:serviceId',
    {
      schema: {
        tags,
        summary: 'Dodanie pliku do zdarzenia (skan zdarzenia DODAJ_SKAN podpisuje je)',
        description: 'multipart/form-data z częścią `file`.',
        consumes: ['multipart/form-data'],
        multipartBody: serviceFilePartsSchema,
        params: z.object({ serviceId: id }),
        response: { 200: serviceSchema, ...errors },
      },
    },
    async (request) => addFileFromMultipart(request, currentUser(request), request.params.serviceId),
  );

  app.patch(
    '/api/service/changeTodoStatus',
    {
      schema: {
        tags,
        summary: 'Zadanie powiązane ze zdarzeniem (tylko administrator)',
        body: changeTodoStatusSchema,
        response: { 200: serviceSchema, ...errors },
      },
    },
    async (request) => changeTodoStatus(app.db, currentUser(request), request.body),
  );

  app.delete(
    '/api/service/delete/:id',
    {
      schema: {
        tags,
        summary: 'Usunięcie zdarzenia (administrator): bez numeru lub ostatnie w roku; inne numerowane → 304',
        params: idParams,
        response: {
          200: messageResponse,
          304: z.null().describe('Nie usunięto: zdarzenie nie jest ostatnie w roku'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const deleted = await deleteService(deps(request), currentUser(request), request.params.id);
      if (!deleted) return reply.status(304).send(null);
      return { message: MSG.serviceDeleted };
    },
  );
};
