import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MACHINE_CSV_FILE_NAMES,
  MSG,
  deviceFilterSchema,
  machineDependantsSchema,
  deviceInsertSchema,
  deviceSchema,
  deviceUpdateSchema,
  idParams,
  listQuery,
  messageResponse,
  type ListQuery,
  type MachineType,
} from '@serwis/domain';
import { runsSideBySide, type Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { auditCsvExport, sendCsvFile } from '../../lib/csv-file.js';
import { idBatches, readFirst } from '../../lib/json-stream.js';
import { keepConnectionUntil } from '../../lib/keep-connection.js';
import {
  boundedTotal,
  estimatedCost,
  estimatedRows,
  EXACT_TOTAL_BOUND,
  type ListTotal,
  pageWindow,
  pastBound,
  readPastBound,
  SEARCH_TOTAL_BOUND,
  searchedTotal,
  setTotalCount,
} from '../../lib/paging.js';
import { streamResponse } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/session.js';
import {
  boundedMatchIds,
  deviceDependants,
  deviceMatches,
  findDeviceById,
  findDevicesByIds,
  idIn,
  pageDevices,
  pageDevicesWith,
  pageDeviceIdsQuery,
  type DeviceRow,
  type PageWindow,
  listDeviceNames,
} from './devices.repository.js';
import {
  keptTotal,
  keptTotalRead,
  keptTotalValue,
  pageLikelyWithin,
} from '../list-counts/list-counts.repository.js';
import { withFilterValues } from './devices.filter-values.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { countsOnOneIndex, filterConditions, statusCondition } from './devices.filters.js';
import { deviceOrder, indexedPageWhere, ownerIndexHoldsOrder } from './devices.order.js';
import { withSearchedOwners } from './devices.owner-lookups.js';
import { deviceTotalBound, deviceWhere, hasCheckedConditions, isWholeFamily } from './devices.where.js';
import { toDevice } from './devices.mapper.js';
import { csvChunks } from './devices.csv.js';
import { createDevice, editDevice, removeDevice } from './devices.service.js';
import { deviceIdQuery, streamDeviceList } from './devices.stream.js';
import { knownMatchesFirst, knownMatchesFor, knownMatchesPage } from './devices.known-matches.js';
import { cappedWalkIds, walkCap } from './devices.capped-walk.js';
import {
  signatureWalk,
  signatureWalkFirst,
  signatureWalkMayPay,
  signatureWalkPage,
  signatureWalkPays,
  walkCandidateShare,
} from './devices.signature.js';
import { knownSearchWalkOf, valueWalkCount, valueWalkOf, valueWalkPage } from './devices.value-walk.js';

/** Up to this many matches a page is cut from the sorted matches rather than from an index walk. */
const FEW_ROWS = 5000;
const errors = { 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse };
const filterBody = deviceFilterSchema.nullish();
const csvQuery = listQuery.pick({ sort: true, q: true });
const csvResponse = streamResponse(
  `Plik CSV (załącznik ${Object.values(MACHINE_CSV_FILE_NAMES).join(' albo ')}): BOM UTF-8, średniki, CRLF; kolumny jak na liście maszyn`,
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
  if (!hasCheckedConditions(criteria)) {
    return (await indexedPage(db, reply, criteria, query.sort, window)).map(toDevice);
  }
  // What the filters and the search name, read once, by id, for every statement of the page.
  const named = await withSearchedOwners(db, await withFilterValues(db, criteria));
  return (await checkedPage(db, reply, named, query.sort, window)).map(toDevice);
}

/**
 * Family, owner and status alone: an index-only count of 10,001 entries at most (exact up to
 * EXACT_TOTAL_BOUND matches, estimated beyond: a million machines are never counted), then a walk of
 * the sort order's index, or a sort of the few matches. The whole family has its kept size (exact
 * at any size, `wholeFamilyPage`). A page that reaches the bound (the 1,000th of 10) when more than
 * the bound are expected is read first, with one machine more, as checkedPage does: that machine
 * proves the total past the bound, so the count of 10,001 entries is left out (a status filter's
 * 1,000th page at 1M).
 */
async function indexedPage(
  db: Db,
  reply: FastifyReply,
  criteria: DeviceCriteria,
  sort: string | undefined,
  window: PageWindow,
) {
  // A few matches are sorted, unless an owner's index holds them in the page's order already.
  const readPage = (page: PageWindow, total: ListTotal) => {
    const fewRows = !total.estimated && total.total <= FEW_ROWS && !ownerIndexHoldsOrder(criteria, sort);
    return pageDevices(db, indexedPageWhere(criteria, sort), deviceOrder(sort, { fewRows }), page);
  };
  if (isWholeFamily(criteria)) return wholeFamilyPage(db, reply, criteria, readPage, sort, window);
  const beyond = await pageBeyondBound(db, criteria, sort, window);
  if (beyond) {
    setTotalCount(reply, beyond.total);
    return beyond.rows;
  }
  const total = await boundedTotal(db, deviceMatches(deviceWhere(criteria)));
  setTotalCount(reply, total);
  if (!total.estimated && window.offset >= total.total) return [];
  return readPage(window, total);
}

/**
 * A whole family's page and its kept size. A page within the family by the size last read
 * (`pageLikelyWithin`) is read with the size in one statement (`pageDevicesWith`): one round trip
 * less, and on PGlite one statement less; should it come back empty (the family shrank since), the
 * size is read alone. Else the size goes first, and a page past the end is not read (it would walk
 * the whole family to find nothing: 7,500 entries at 10,000 machines, 2 ms).
 */
async function wholeFamilyPage(
  db: Db,
  reply: FastifyReply,
  criteria: DeviceCriteria & { family: MachineType },
  readPage: (page: PageWindow, total: ListTotal) => Promise<DeviceRow[]>,
  sort: string | undefined,
  window: PageWindow,
) {
  const list = `devices:${criteria.family}` as const;
  if (pageLikelyWithin(db, list, window.offset)) {
    const where = indexedPageWhere(criteria, sort);
    const page = await pageDevicesWith(db, where, deviceOrder(sort), window, { kept: keptTotalValue(list) });
    if (page.values) {
      setTotalCount(reply, keptTotalRead(db, list, page.values.kept));
      return page.rows;
    }
  }
  const total = await keptTotal(db, list);
  setTotalCount(reply, total);
  return window.offset < total.total ? readPage(window, total) : [];
}

/**
 * A family list's status filter, on a page that reaches EXACT_TOTAL_BOUND, read first
 * (`readPastBound`, lib/paging.ts). Else undefined, and the list is counted. A whole family's total
 * is kept, and an owner's few thousand machines are counted cheaper than the planner is asked
 * (0.4 ms).
 */
function pageBeyondBound(
  db: Db,
  criteria: DeviceCriteria,
  sort: string | undefined,
  window: PageWindow,
): Promise<{ rows: DeviceRow[]; total: ListTotal } | undefined> {
  if (!criteria.family || isWholeFamily(criteria)) return Promise.resolve(undefined);
  return readPastBound(
    window,
    EXACT_TOTAL_BOUND,
    () => estimatedRows(db, deviceMatches(deviceWhere(criteria))),
    (page) => pageDevices(db, indexedPageWhere(criteria, sort), deviceOrder(sort, { fewRows: false }), page),
  );
}

/**
 * With text filters or `q`. A page that reaches past the exact bound (deviceTotalBound:
 * SEARCH_TOTAL_BOUND, the 100th page of 10, with a `q` or a text filter expected to match more than
 * EXACT_TOTAL_BOUND machines; else EXACT_TOTAL_BOUND, the 1,000th) and is full proves by itself that
 * more than the bound match: it is read first, asking for one machine more than the page, and the
 * count (which would read as many machines again) is left out (`readPastBound`, lib/paging.ts).
 * Else, or when the page comes back short or empty, the bounded count comes first; it collects the
 * ids it counts (boundedMatchIds) without walking a sort index. A list walked by its values
 * (devices.value-walk.ts) counts and pages on that walk; a broad condition's first pages take its
 * first matches by a walk and count them there (walkedFirst).
 */
async function checkedPage(
  db: Db,
  reply: FastifyReply,
  criteria: DeviceCriteria,
  sort: string | undefined,
  window: PageWindow,
) {
  // The planner's estimate of the matches, from the conditions written for it (deviceWhere), asked
  // once at most.
  const estimating = deviceMatches(deviceWhere(criteria, { estimate: true }));
  let estimated: Promise<number> | undefined;
  const estimateOf = () => (estimated ??= estimatedRows(db, estimating));
  const bound = await deviceTotalBound(criteria, estimateOf);
  // A search's (or a text filter's) total past its bound is what was seen to match (searchedTotal).
  const report = (total: number | ListTotal) =>
    setTotalCount(
      reply,
      typeof total !== 'number' && bound === SEARCH_TOTAL_BOUND ? searchedTotal(total) : total,
    );
  // A lone filter of values, or a search whose branches are known by id, in an order by the status
  // weight: each value's machines from its own index, for the page and the count
  // (devices.value-walk.ts).
  const walk =
    valueWalkOf(criteria, sort) ??
    (await knownSearchWalkOf(db, criteria, sort, { estimate: estimateOf, countedUpTo: bound }));
  const readPage = (page: PageWindow, matches: number) =>
    walk ? valueWalkPage(db, walk, page) : matchesPage(db, criteria, sort, matches, page);
  const deepPage = await readPastBound(window, bound, estimateOf, readPage);
  if (deepPage) {
    report(deepPage.total);
    return deepPage.rows;
  }
  // The bounded count collects the ids it counts: up to the bound they are every match, and the
  // page is a sort of those few by primary key, instead of finding them through the text again.
  // A page past the bound that is still to be read (few estimated, or it came back empty) likely
  // lies past the end: the count goes up to its offset (EXACT_TOTAL_BOUND at most), and the answer
  // is the exact total ("0 z 1 605" for a zip code's 1,000th page, not "ok. 1 001").
  const countTo =
    window.offset + window.limit > bound
      ? Math.max(bound, Math.min(window.offset, EXACT_TOTAL_BOUND))
      : bound;
  // The page when it was read beside the count (pageBesideCount).
  let pageRead: DeviceRow[] | undefined;
  if (walk) {
    const counted = await valueWalkCount(db, walk, countTo);
    if (counted <= countTo) {
      report(counted);
      return window.offset >= counted ? [] : valueWalkPage(db, walk, window);
    }
  } else {
    // A broad condition's first pages: its first matches by a walk (the signature's, or the
    // known-matches' for a search), counted there, instead of collecting them through its indexes.
    const first =
      window.offset + window.limit <= countTo
        ? await walkedFirst(db, criteria, sort, countTo, estimateOf)
        : undefined;
    if (first) {
      report(
        first.length <= countTo
          ? first.length
          : { total: Math.max(countTo + 1, await estimateOf()), estimated: true, proven: countTo + 1 },
      );
      return findDevicesByIds(db, first.slice(window.offset, window.offset + window.limit));
    }
    const [found, beside] = await Promise.all([
      boundedMatchIds(db, deviceWhere(criteria), countTo, { onOneIndex: countsOnOneIndex(criteria) }),
      pageBesideCount(db, window, countTo, estimateOf, readPage),
    ]);
    if (found.length <= countTo) {
      report(found.length);
      if (window.offset >= found.length) return [];
      return beside ?? pageDevices(db, idIn(found), deviceOrder(sort, { fewRows: true }), window);
    }
    pageRead = beside;
  }
  const estimate = await estimateOf();
  if (pageRead) {
    report({ total: Math.max(countTo + 1, estimate), estimated: true, proven: countTo + 1 });
    return pageRead;
  }
  // Read with one machine more, the page says how far the list goes at least: a short page (not
  // empty) ends it, exactly; a full one its end and one more, so that the pager goes on (a planner
  // expecting fewer than the bound, its statistics older than the machines put under repair, gave
  // "ponad 1 000" on the 101st page of 10 of 1,053 and no page after it).
  const rows = await readPage({ ...window, limit: window.limit + 1 }, Math.max(countTo + 1, estimate));
  if (rows.length > 0 && rows.length <= window.limit) {
    report(window.offset + rows.length);
    return rows;
  }
  report(pastBound(Math.max(countTo + 1, window.offset + rows.length), estimate));
  return rows.slice(0, window.limit);
}

/**
 * The page of a list the planner expects to match more than `countTo`, read beside its bounded
 * count where the database runs statements side by side (PostgreSQL's pool): the count's ids would
 * not serve it, so it need not wait for them (the handover dates of a quarter at 1,000,000 machines:
 * 10,001 ids collected in 4.4 ms, then the page). Read as for the estimated matches; should the
 * count prove fewer, the page is the same machines. Else (PGlite, few expected, or a page past the
 * bound) undefined.
 */
async function pageBesideCount(
  db: Db,
  window: PageWindow,
  countTo: number,
  estimate: () => Promise<number>,
  readPage: (page: PageWindow, matches: number) => Promise<DeviceRow[]>,
): Promise<DeviceRow[] | undefined> {
  // A page past the count's bound was read already (readPastBound) or likely lies past the end.
  if (!runsSideBySide(db) || window.offset + window.limit > countTo) return undefined;
  const expected = await estimate();
  return expected > countTo ? readPage(window, expected) : undefined;
}

/** A family list's first `upTo` + 1 matches by a walk, when one may pay (checkedPage); else undefined. */
async function walkedFirst(
  db: Db,
  criteria: DeviceCriteria,
  sort: string | undefined,
  upTo: number,
  estimate: () => Promise<number>,
): Promise<number[] | undefined> {
  if (!criteria.family) return undefined;
  const familySize = (await keptTotal(db, `devices:${criteria.family}`)).total;
  return (
    (await signatureWalkFirst(db, criteria, sort, upTo, familySize, estimate)) ??
    (await knownMatchesFirst(db, criteria, sort, upTo, familySize, estimate))
  );
}

/**
 * One page of the machines matching text conditions, `matches` of them (counted or estimated):
 * walking the sort order's index and checking each machine, or every match collected through the
 * conditions' own indexes (or a scan) and sorted. Up to FEW_ROWS matches always the sort; above,
 * whichever of the two the planner costs lower (both forms are EXPLAINed, nothing runs): the walk
 * reads about (offset + size) ÷ share-of-matches machines, the sort every match, or the whole family
 * when a condition has no index (power). Each form is written so that its plan is the natural one:
 * the walk's conditions in `IS TRUE` (no index serves them), the sort's keys in a no-op no index
 * gives the order (deviceOrder's `fewRows`) — the planner, who cannot estimate the search's
 * ANY(ARRAY(subquery)) branches, would otherwise walk anyway (798 ms for the 1,000th page of
 * "nowak" at 1M, where sorting its 38,000 matches costs a quarter of that). Before both, a search
 * whose every branch can be known by id walks the order's index alone (devices.known-matches.ts),
 * and a text the signature can check walks the default order's (devices.signature.ts), when their
 * costs say so.
 */
async function matchesPage(
  db: Db,
  criteria: DeviceCriteria,
  sort: string | undefined,
  matches: number,
  window: PageWindow,
) {
  const sorted = { where: deviceWhere(criteria), order: deviceOrder(sort, { fewRows: true }) };
  if (matches <= FEW_ROWS) return pageDevices(db, sorted.where, sorted.order, window);
  const familySize = criteria.family ? (await keptTotal(db, `devices:${criteria.family}`)).total : 0;
  // A search whose every branch is known by id (devices.known-matches.ts): walked when it pays, and
  // the machines' own texts hold the term few enough times; else its matches collected and sorted.
  const known = await knownMatchesFor(db, criteria, sort, window, familySize, matches);
  if (known) {
    return known.walkPays
      ? knownMatchesPage(db, known.where, sort, window)
      : pageDevices(db, known.where, deviceOrder(sort, { fewRows: true }), window);
  }
  const walk = signatureWalkMayPay(window, familySize, matches)
    ? await signatureWalk(db, criteria, sort)
    : undefined;
  if (walk) {
    const share = await walkCandidateShare(db, walk, familySize);
    const pays = signatureWalkPays(window, {
      familySize,
      estimatedMatches: matches,
      candidateShare: share,
      readsSearchText: walk.readsSearchText,
    });
    return pays ? signatureWalkPage(db, walk, window) : pageDevices(db, sorted.where, sorted.order, window);
  }
  const walked = { where: deviceWhere(criteria, { walk: true }), order: deviceOrder(sort) };
  const [walkCost, sortCost] = await Promise.all(
    [walked, sorted].map((form) => estimatedCost(db, pageDeviceIdsQuery(form.where, form.order, window))),
  );
  if (walkCost >= sortCost) return pageDevices(db, sorted.where, sorted.order, window);
  // The walk, given up after the entries its estimate allows (devices.capped-walk.ts).
  const cap = walkCap(window, familySize, matches, sortCost / Math.max(walkCost, 1));
  if (cap === undefined) return pageDevices(db, walked.where, walked.order, window);
  const ids = await cappedWalkIds(db, criteria, sort, window, cap);
  return ids ? findDevicesByIds(db, ids) : pageDevices(db, sorted.where, sorted.order, window);
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
          summary: `Eksport listy maszyn do pliku ${MACHINE_CSV_FILE_NAMES[family]} (wszystkie wiersze filtra)`,
          body: filterBody,
          querystring: csvQuery,
          response: { 200: csvResponse, ...errors },
        },
      },
      async (request, reply) => {
        const where = deviceWhere({ family, filter: request.body ?? undefined, q: request.query.q });
        const order = deviceOrder(request.query.sort);
        await auditCsvExport(app.db, request.user ?? null, MACHINE_CSV_FILE_NAMES[family], {
          q: request.query.q,
          // Narrowed by any field, as the list reads the filter (an empty field narrows nothing).
          filtered: Boolean(
            request.body && (filterConditions(request.body).some(Boolean) || statusCondition(request.body)),
          ),
        });
        // Ids from a cursor over the sorted matches, rows a batch at a time: memory stays flat. The
        // first batch is read before the headers, so a refused filter is answered, not cut short.
        // The connection is kept while the export waits for its place (keepConnectionUntil).
        const ids = await keepConnectionUntil(
          reply,
          readFirst(
            idBatches(app.db, deviceIdQuery(app.db, where, order), {
              kind: 'export',
            }),
          ),
        );
        return sendCsvFile(reply, MACHINE_CSV_FILE_NAMES[family], csvChunks(app.db, ids), ids);
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
    '/api/device/dependants/:id',
    {
      schema: {
        tags,
        summary:
          'Co wiąże maszynę (zdarzenia serwisowe, wpisy Zdarzeń) i co zostanie usunięte razem z nią: pytane przed potwierdzeniem usunięcia',
        params: idParams,
        response: { 200: machineDependantsSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await findDeviceById(app.db, request.params.id))) throw notFound(MSG.machineNotFound);
      return deviceDependants(app.db, request.params.id);
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
