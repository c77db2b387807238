import type { Todo } from '@serwis/domain';
import { MSG, postalAddress, todoMachineNowAt } from '@serwis/domain';
import { ApiError } from '../../lib/api-client';
import { orConnectionError } from '../../lib/failure-text';

/** The modal's three modes (spec §4). */
export type TodoModalMode = 'ADD' | 'EDIT_TODO' | 'EDIT_SERVICE';

export function todoModalMode(todo: Todo | 'new'): TodoModalMode {
  if (todo === 'new') return 'ADD';
  return todo.service ? 'EDIT_SERVICE' : 'EDIT_TODO';
}

/**
 * Spec §8: 401 and 403 read "Brak uprawnień do tej operacji.", any other failure "Nieznany błąd.";
 * but a to-do deleted by someone else meanwhile (404) says so in the server's words ("Nie
 * znaleziono zadania."), and no answer at all reads "Błąd połączenia z serwerem.", as on every form.
 */
export function todoErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return MSG.forbidden;
  if (error instanceof ApiError && error.status === 404) return error.message;
  return orConnectionError(MSG.unknownError, error);
}

/**
 * The machines' addresses of a linked service, each once: where they are now, with the customer
 * they are now at when a machine has gone to another than the event's (sold on since).
 */
export function serviceAddresses(todo: Todo): string[] {
  if (!todo.service) return [];
  const eventCustomer = todo.service.customer.id;
  const lines = todo.service.devices.map((d) => {
    const address = postalAddress(d.streetAddress, d.zipCode, d.city);
    // The address is where the machine is now: named with its customer when that is another.
    if (d.customer.id === eventCustomer) return address;
    const nowAt = todoMachineNowAt(d.name, d.customer.shortName);
    return address ? `${address} (${nowAt})` : nowAt;
  });
  return [...new Set(lines.filter(Boolean))];
}
