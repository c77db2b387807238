/**
 * Who may change a service event and which state changes it accepts (domain.md "Permissions").
 * The server enforces these; the browser uses the same rule to hide what the server would refuse.
 */
import type { ServiceState } from '../reference-data.js';

/** Signed and rejected events are closed: only admins change them. */
export const LOCKED_SERVICE_STATES: readonly ServiceState[] = ['PODPISANY', 'ODRZUCONY'];
/** States from which an event can still be signed. */
export const OPEN_SERVICE_STATES: readonly ServiceState[] = ['UTWORZONY', 'DODAJ_SKAN'];

/** The one asking: a session's user, or nobody while the session is unknown (the browser). */
export type ServiceActor = { id: number; isAdmin: boolean } | null | undefined;

/** What the rules need to know of an event; `state` is a string as read from the database. */
export interface ServiceEventAccess {
  state: string;
  authorId: number;
}

export const isLockedServiceState = (state: string) =>
  (LOCKED_SERVICE_STATES as readonly string[]).includes(state);
export const isOpenServiceState = (state: string) =>
  (OPEN_SERVICE_STATES as readonly string[]).includes(state);

/** Admins change anything; employees only their own events while those are still open. */
export function canModifyService(actor: ServiceActor, event: ServiceEventAccess): boolean {
  if (!actor) return false;
  return actor.isAdmin || (!isLockedServiceState(event.state) && event.authorId === actor.id);
}

/** Anyone adds a file to an open event; to a signed or rejected one only an admin. */
export function mayAddServiceFile(actor: ServiceActor, state: string): boolean {
  if (!actor) return false;
  return actor.isAdmin || !isLockedServiceState(state);
}

/**
 * A file added to an event waiting for its scan (DODAJ_SKAN) is the scan, and signs it, when its
 * uploader may change the event (its author or an admin); a colleague's file is only attached.
 */
export function fileSignsService(actor: ServiceActor, event: ServiceEventAccess): boolean {
  return event.state === 'DODAJ_SKAN' && canModifyService(actor, event);
}

export type ServiceStateAction = 'sign' | 'reject' | 'printForScan';

/**
 * The state changes of an event (docs/api.md): sign: UTWORZONY | DODAJ_SKAN → PODPISANY;
 * printForScan: UTWORZONY → DODAJ_SKAN; reject: any other state → ODRZUCONY.
 */
export const SERVICE_STATE_TRANSITIONS: Record<
  ServiceStateAction,
  { from: readonly ServiceState[]; to: ServiceState }
> = {
  sign: { from: OPEN_SERVICE_STATES, to: 'PODPISANY' },
  printForScan: { from: ['UTWORZONY'], to: 'DODAJ_SKAN' },
  reject: { from: ['UTWORZONY', 'PODPISANY', 'DODAJ_SKAN'], to: 'ODRZUCONY' },
};

/** Whether `action` applies to an event in `state` (whoever asks). */
export const isServiceTransitionAllowed = (action: ServiceStateAction, state: string) =>
  (SERVICE_STATE_TRANSITIONS[action].from as readonly string[]).includes(state);

/** Whether the actor may apply `action` to the event now: his right to change it and the state's. */
export const mayChangeServiceState = (
  actor: ServiceActor,
  event: ServiceEventAccess,
  action: ServiceStateAction,
) => canModifyService(actor, event) && isServiceTransitionAllowed(action, event.state);
