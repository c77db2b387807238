import {
  canModifyService,
  fileSignsService,
  mayAddServiceFile,
  mayChangeServiceState,
  type Service,
  type ServiceActor,
} from '@serwis/domain';

type Event = Pick<Service, 'state' | 'userCreated'>;

const access = (service: Event) => ({ state: service.state, authorId: service.userCreated.id });

/**
 * Whether the actor may change the event at all (the domain's rule): admins always, employees only
 * their own events while still open. The server decides again; this only hides what it would refuse.
 */
export const mayModifyService = (actor: ServiceActor, service: Event) =>
  canModifyService(actor, access(service));

/** Whether a file the actor adds to the event is its scan, which signs it (the domain's rule). */
export const fileSignsEvent = (actor: ServiceActor, service: Event) =>
  fileSignsService(actor, access(service));

export interface ServiceActions {
  edit: boolean;
  addFile: boolean;
  sign: boolean;
  reject: boolean;
  printForScan: boolean;
  remove: boolean;
  removeFile: boolean;
}

/** The state changes the server accepts (the domain's service permissions), for this actor. */
export function serviceActions(actor: ServiceActor, service: Event): ServiceActions {
  const event = access(service);
  const modify = canModifyService(actor, event);
  return {
    edit: modify,
    addFile: mayAddServiceFile(actor, service.state),
    sign: mayChangeServiceState(actor, event, 'sign'),
    reject: mayChangeServiceState(actor, event, 'reject'),
    printForScan: mayChangeServiceState(actor, event, 'printForScan'),
    // Deleting an event or a file is for admins (domain.md "Permissions"; services.actions.ts,
    // files.routes.ts).
    remove: Boolean(actor?.isAdmin),
    removeFile: Boolean(actor?.isAdmin),
  };
}
