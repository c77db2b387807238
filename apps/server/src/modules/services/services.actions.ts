import {
  MSG,
  SERVICE_STATE_TRANSITIONS,
  fileSignsService,
  isServiceTransitionAllowed,
  type ServiceStateAction,
  type SessionUser,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { deleteStoredFilesOf, type FileDeps } from '../files/files.service.js';
import { forbidden } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import {
  machinesOfService,
  refreshInspectionSummaries,
  refreshInspectionSummariesOfService,
} from '../inspections/inspection-summaries.js';
import { loadService } from './services.mapper.js';
import {
  deleteServiceRow,
  lastNumberOfYear,
  lockServiceYear,
  updateServiceRow,
  type ServiceRow,
} from './services.repository.js';
import {
  assertCanModify,
  assertMayAddFile,
  assertTransition,
  assignNumber,
  requireServiceForUpdate,
} from './services.rules.js';
import { serviceInLog } from './services.log-label.js';
import type { AfterSave } from './services.service.js';

const ACTION_LABEL: Record<ServiceStateAction, string> = {
  sign: 'podpisanie',
  reject: 'odrzucenie',
  printForScan: 'wydruk do podpisu (oczekuje na skan)',
};

/**
 * State changes of an event (additions to spec §7, see docs/api.md), as the domain's
 * SERVICE_STATE_TRANSITIONS lists them. Sign and printForScan number an unnumbered event.
 */
export async function changeServiceState(db: Db, actor: SessionUser, id: number, action: ServiceStateAction) {
  await inTransaction(db, async (tx) => {
    const row = await requireServiceForUpdate(tx, id);
    assertCanModify(actor, row);
    assertTransition(isServiceTransitionAllowed(action, row.state));
    const state = SERVICE_STATE_TRANSITIONS[action].to;
    const next: Partial<ServiceRow> =
      action === 'reject'
        ? { state }
        : {
            state,
            ...(action === 'sign' ? { isToSign: true } : {}),
            ...(row.number === 0 ? await assignNumber(tx, row.year, { number: 0, numberExtension: '' }) : {}),
          };
    const updated = await updateServiceRow(tx, row.id, next);
    await refreshInspectionSummariesOfService(tx, row.id);
    await audit(
      tx,
      actor,
      `${ACTION_LABEL[action]} zdarzenia serwisowego ${await serviceInLog(tx, updated)}`,
      `service:${row.id}`,
    );
  });
  return (await loadService(db, id))!;
}

/**
 * PATCH /api/service/addFile/{id}: `attach` records the stored file in the same transaction. The
 * scan of an event waiting for it (DODAJ_SKAN) signs it.
 */
export async function addServiceFile(
  db: Db,
  actor: SessionUser,
  id: number,
  filename: string,
  attach: AfterSave,
) {
  await inTransaction(db, async (tx) => {
    const row = await requireServiceForUpdate(tx, id);
    assertMayAddFile(actor, row);
    await attach(tx, row);
    // The scan signs the event only when its uploader may sign it (the author or an admin); a
    // colleague's file is attached and the event keeps waiting for its scan.
    const signs = fileSignsService(actor, { state: row.state, authorId: row.userCreatedId });
    const numbering =
      signs && row.number === 0 ? await assignNumber(tx, row.year, { number: 0, numberExtension: '' }) : {};
    const updated = signs
      ? await updateServiceRow(tx, row.id, { state: 'PODPISANY', isToSign: true, ...numbering })
      : row;
    if (signs) await refreshInspectionSummariesOfService(tx, row.id);
    const what = signs ? `dodanie skanu „${filename}” i podpisanie` : `dodanie pliku „${filename}” do`;
    await audit(
      tx,
      actor,
      `${what} zdarzenia serwisowego ${await serviceInLog(tx, updated)}`,
      `service:${row.id}`,
    );
  });
  return (await loadService(db, id))!;
}

/**
 * DELETE /api/service/delete/{id}. Unnumbered events and the last numbered one of a year go; any
 * other numbered event stays (false: the route answers 304) so the year's sequence keeps no gaps.
 * Admins only, whatever the state (domain.md "Permissions": "Delete … services | USER no"); an
 * employee is refused before the event is read. The files' bytes are removed after the commit.
 */
export async function deleteService(deps: FileDeps, actor: SessionUser, id: number): Promise<boolean> {
  if (!actor.isAdmin) throw forbidden(MSG.forbiddenBang);
  const removeBytes = await inTransaction(deps.db, async (tx) => {
    const row = await requireServiceForUpdate(tx, id);
    if (row.number > 0) {
      // Under the year's lock no new number can appear between this check and the delete.
      await lockServiceYear(tx, row.year);
      const last = await lastNumberOfYear(tx, row.year);
      if (last && last.id !== row.id) return null;
    }
    const remove = await deleteStoredFilesOf(tx, deps.storage, { serviceId: row.id }, deps.log);
    const machines = await machinesOfService(tx, row.id);
    // Named before the delete takes the event's machines away.
    const named = await serviceInLog(tx, row, machines);
    await deleteServiceRow(tx, row.id);
    await refreshInspectionSummaries(tx, machines);
    await audit(tx, actor, `usunięcie zdarzenia serwisowego ${named}`, `service:${row.id}`);
    return remove;
  });
  if (!removeBytes) return false;
  await removeBytes();
  return true;
}
