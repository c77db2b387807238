import {
  PROTOCOL_MSG,
  MSG,
  canModifyService,
  isLockedServiceState,
  isOpenServiceState,
  mayAddServiceFile,
  protocolNumberTooHigh,
  type SessionUser,
} from '@serwis/domain';
import type { DbOrTx, Tx } from '../../db/database.js';
import { AppError, badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import {
  customerExists,
  findDevicesByIds,
  findServiceRow,
  isNumberTaken,
  lockServiceYear,
  nextServiceNumber,
  type ServiceRow,
} from './services.repository.js';

/** Signed and rejected events are closed: only admins change them (the domain's service permissions). */
export const isLocked = (row: Pick<ServiceRow, 'state'>) => isLockedServiceState(row.state);
/** An event that can still be signed. */
export const isOpen = (row: Pick<ServiceRow, 'state'>) => isOpenServiceState(row.state);

/** Admins change anything; employees only their own events while those are still open. */
export const canModify = (actor: SessionUser, row: Pick<ServiceRow, 'state' | 'userCreatedId'>) =>
  canModifyService(actor, { state: row.state, authorId: row.userCreatedId });

export function assertCanModify(actor: SessionUser, row: ServiceRow) {
  if (!canModify(actor, row)) throw forbidden(MSG.forbiddenBang);
}

/** Files go to open events; to signed or rejected ones only an admin adds them. */
export function assertMayAddFile(actor: SessionUser, row: Pick<ServiceRow, 'state'>) {
  if (!mayAddServiceFile(actor, row.state)) throw forbidden(MSG.forbiddenBang);
}

/**
 * A protocol's save or signature the actor may not make. The author of an event closed meanwhile
 * (signed or rejected by an administrator while he was typing) is told so (`LOCKED`): "no rights"
 * alone read as a fault of his account, and his draft seemed lost for no reason.
 */
export function assertMayWriteProtocol(actor: SessionUser, row: Pick<ServiceRow, 'state' | 'userCreatedId'>) {
  if (canModify(actor, row)) return;
  if (row.userCreatedId === actor.id && isLocked(row)) {
    throw new AppError(403, PROTOCOL_MSG.serviceClosedForAuthor, 'LOCKED');
  }
  throw forbidden(MSG.forbiddenBang);
}

export async function requireServiceForUpdate(tx: Tx, id: number): Promise<ServiceRow> {
  const row = await findServiceRow(tx, id, true);
  if (!row) throw notFound(MSG.serviceNotFound);
  return row;
}

/** month and year of a 'YYYY-MM-DD' date. */
export function monthYearOf(date: string) {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/**
 * The customer exists and every machine exists and belongs to it (400 with a Polish message
 * otherwise). `linkedBefore`: machines the event already covered under this same customer; one of
 * them moved to another customer since still passes (the event records whose machine it was when
 * the work was done), so the old protocol stays editable without rewriting its customer.
 */
export async function assertDevicesOfCustomer(
  db: DbOrTx,
  customerId: number,
  deviceIds: number[],
  linkedBefore: readonly number[] = [],
) {
  if (!(await customerExists(db, customerId)))
    throw badRequest(MSG.customerNotFound, 'CUSTOMER_NOT_FOUND', 'customer.id');
  const found = await findDevicesByIds(db, deviceIds);
  if (found.length !== deviceIds.length)
    throw badRequest(MSG.serviceDeviceMissing, 'DEVICE_NOT_FOUND', 'devices');
  if (found.some((d) => d.customerId !== customerId && !linkedBefore.includes(d.id))) {
    throw badRequest(MSG.serviceDevicesOtherCustomer, 'DEVICE_OTHER_CUSTOMER', 'devices');
  }
}

/**
 * The number an event gets in its year: the typed one (refused with 409 when used) or the next in
 * the sequence. Takes the year's lock, held until the transaction ends, so two saves at once can
 * never pick the same number.
 */
export async function assignNumber(
  tx: Tx,
  year: number,
  typed: { number: number; numberExtension: string },
  exceptId = 0,
): Promise<{ number: number; numberExtension: string }> {
  await lockServiceYear(tx, year);
  // Assigned anew (a new event, or a retyped number): the held one was compared by the caller.
  if (protocolNumberTooHigh({ number: typed.number, extension: typed.numberExtension })) {
    throw invalidField(['number'], MSG.protocolNumberInvalid);
  }
  if (typed.number > 0) {
    if (await isNumberTaken(tx, year, typed.number, typed.numberExtension, exceptId)) {
      throw new AppError(409, MSG.serviceNumberExists, 'NUMBER_EXISTS');
    }
    // Only the two fields: callers pass the whole request and spread the answer into the row,
    // so returning `typed` itself would carry its `id` (0 from the form) into the insert.
    return { number: typed.number, numberExtension: typed.numberExtension };
  }
  return { number: await nextServiceNumber(tx, year), numberExtension: '' };
}

export function assertTransition(allowed: boolean) {
  if (!allowed) throw conflict(MSG.serviceStateChangeInvalid, 'STATE');
}

/** Only admins write to-dos (domain.md "To-dos"); an unchanged text sent back by the form is fine. */
export function assertCanWriteTodo(
  actor: SessionUser,
  current: { description: string; toDoStatus: string } | undefined,
  input: { todo?: string; toDoStatus?: string | null },
) {
  if (actor.isAdmin) return;
  const textChanged = input.todo !== undefined && input.todo !== (current?.description ?? '');
  const statusChanged = Boolean(current && input.toDoStatus && input.toDoStatus !== current.toDoStatus);
  if (textChanged || statusChanged) throw forbidden(MSG.forbidden);
}
