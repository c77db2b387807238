import type { Service, ServiceState, SessionUser } from '@serwis/domain';

/** Signed and rejected events are closed for employees (domain.md "Permissions"). */
const LOCKED: readonly ServiceState[] = ['PODPISANY', 'ODRZUCONY'];

type Actor = Pick<SessionUser, 'id' | 'isAdmin'> | null | undefined;
type Event = Pick<Service, 'state' | 'userCreated'>;

export const isLockedState = (state: ServiceState) => LOCKED.includes(state);

/**
 * Whether the actor may change the event at all: admins always, employees only their own events
 * while still open. The server decides again; this only hides what it would refuse.
 */
export function canModifyService(actor: Actor, service: Event): boolean {
  if (!actor) return false;
  if (actor.isAdmin) return true;
  return !isLockedState(service.state) && service.userCreated.id === actor.id;
}

export interface ServiceActions {
  edit: boolean;
  addFile: boolean;
  sign: boolean;
  reject: boolean;
  printForScan: boolean;
  remove: boolean;
  removeFile: boolean;
}

/** The state changes the server accepts (services.actions.ts), for this actor. */
export function serviceActions(actor: Actor, service: Event): ServiceActions {
  const modify = canModifyService(actor, service);
  const admin = Boolean(actor?.isAdmin);
  return {
    edit: modify,
    addFile: admin || (Boolean(actor) && !isLockedState(service.state)),
    sign: modify && (service.state === 'UTWORZONY' || service.state === 'DODAJ_SKAN'),
    reject: modify && service.state !== 'ODRZUCONY',
    printForScan: modify && service.state === 'UTWORZONY',
    remove: modify,
    // Deleting files is for admins (files.routes.ts).
    removeFile: admin,
  };
}
