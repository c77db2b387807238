import {
  MSG,
  inspectionSortFields,
  isCountedInspection,
  summarizeInspections,
  type InspectionListMode,
  type InspectionSwitch,
  type ListQuery,
  type PeriodicInspectionSummary,
  type SessionUser,
} from '@serwis/domain';
import { runsSideBySide, type Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import type { FastifyReply } from 'fastify';
import { inIdOrder, streamList } from '../../lib/json-stream.js';
import { pageWindow, pageWithTotal, searchedTotal, totalBoundFor } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';
import { trimmedTerm } from '../../lib/text-search.js';
import { inTransaction } from '../../lib/transaction.js';
import { walkedInspectionIds } from './inspections.signature.js';
import { keptTotal } from '../list-counts/list-counts.repository.js';
import { audit } from '../../plugins/audit.js';
import { refreshInspectionSummaries } from './inspection-summaries.js';
import { machineLogLabel } from '../devices/devices.log-label.js';
import { lockDevice } from '../devices/devices.repository.js';
import {
  countInspectionRows,
  findInspectionDevice,
  findInspectionEvents,
  inspectionIdQuery,
  listInspectionRows,
  searchOnce,
  setPeriodicInspectionEnabled,
} from './inspections.repository.js';
import { toInspectionDevice, toInspectionEvent, toInspectionRow } from './inspections.mapper.js';

/** The machine card's inspection tab; computed with the shared rule, the list's reference. */
export async function getInspectionSummary(
  db: Db,
  deviceId: number,
  today: string,
): Promise<PeriodicInspectionSummary> {
  const device = await findInspectionDevice(db, deviceId);
  if (!device) throw notFound(MSG.machineNotFound);
  const events = await findInspectionEvents(db, deviceId);
  const summary = summarizeInspections({
    transferDate: device.transferDate,
    warrantyLength: device.warrantyLength,
    inspections: events
      .filter((e) => isCountedInspection({ type: e.types, state: e.state }))
      .map((e) => ({ date: e.date, period: e.period })),
    today,
  });
  return {
    device: toInspectionDevice(device),
    periodicInspections: events.map(toInspectionEvent),
    ...summary,
  };
}

export async function listInspections(db: Db, mode: InspectionListMode, query: ListQuery, today: string) {
  const sort = parseSortParam(query.sort, inspectionSortFields, {
    field: 'daysToNextInspection',
    direction: 'asc',
  });
  const window = pageWindow(query, 15);
  const options = { mode, today, q: query.q, sort, ...window };
  if (!window) {
    const rows = await listInspectionRows(db, options);
    return { rows: rows.map(toInspectionRow), total: rows.length, paged: false };
  }
  // The count beside the page, or left out past the exact bound (lib/paging.ts); the search looked
  // up once for both.
  const bound = totalBoundFor(options.q);
  const search = searchOnce(db, options.q);
  const { rows, total } = await pageWithTotal(
    window,
    async (page) => {
      // A deep page of a search of two characters or more by the signature walk, its rows then
      // read by id.
      const walked = await walkedInspectionIds(db, { ...options, search }, page);
      return walked
        ? listInspectionRows(db, {
            ...options,
            q: undefined,
            ids: walked,
            limit: undefined,
            offset: undefined,
          })
        : listInspectionRows(db, { ...options, ...page, search });
    },
    (atLeast, upTo = bound) =>
      // The whole list's size is kept by triggers (list_counts): exact, and one row read.
      trimmedTerm(options.q)
        ? countInspectionRows(db, { ...options, search }, upTo, atLeast)
        : keptTotal(db, options.mode === 'onlyActual' ? 'inspections:actual' : 'inspections:listed'),
    { sideBySide: runsSideBySide(db), bound, kept: !trimmedTerm(options.q) },
  );
  // A search's total past its bound is what was seen to match (searchedTotal, lib/paging.ts).
  return {
    rows: rows.map(toInspectionRow),
    total: trimmedTerm(options.q) ? searchedTotal(total) : total,
    paged: true,
  };
}

export async function switchPeriodicInspections(db: Db, actor: SessionUser, input: InspectionSwitch) {
  return inTransaction(db, async (tx) => {
    const current = await lockDevice(tx, input.id);
    if (!current) throw notFound(MSG.machineNotFound);
    // Switched to what it already is: nothing is written, nothing logged.
    if (current.isPeriodicInspectionEnabled === input.isPeriodicInspectionEnabled) {
      return { id: current.id, isPeriodicInspectionEnabled: input.isPeriodicInspectionEnabled };
    }
    const device = await setPeriodicInspectionEnabled(tx, input.id, input.isPeriodicInspectionEnabled);
    if (!device) throw notFound(MSG.machineNotFound);
    await refreshInspectionSummaries(tx, [device.id]);
    const what = input.isPeriodicInspectionEnabled ? 'włączenie' : 'wyłączenie';
    await audit(
      tx,
      actor,
      `${what} przeglądów okresowych maszyny ${machineLogLabel(device)}`,
      `device:${device.id}`,
    );
    return { id: device.id, isPeriodicInspectionEnabled: input.isPeriodicInspectionEnabled };
  });
}

/** The unpaged list as a JSON stream: ids from a cursor in list order, rows a batch at a time. */
export async function streamInspections(
  db: Db,
  reply: FastifyReply,
  mode: InspectionListMode,
  query: ListQuery,
  today: string,
) {
  const sort = parseSortParam(query.sort, inspectionSortFields, {
    field: 'daysToNextInspection',
    direction: 'asc',
  });
  const options = { mode, today, q: query.q, sort };
  const load = async (ids: number[]) => {
    const rows = (await listInspectionRows(db, { ...options, ids })).map(toInspectionRow);
    return inIdOrder(ids, rows, (row) => row.device.id);
  };
  return streamList(reply, db, await inspectionIdQuery(db, options), load);
}
