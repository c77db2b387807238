import type { Todo } from '@serwis/domain';
import { MSG } from '@serwis/domain';
import { ApiError } from '../../lib/api-client';

/** The modal's three modes (spec §4). */
export type TodoModalMode = 'ADD' | 'EDIT_TODO' | 'EDIT_SERVICE';

export function todoModalMode(todo: Todo | 'new'): TodoModalMode {
  if (todo === 'new') return 'ADD';
  return todo.service ? 'EDIT_SERVICE' : 'EDIT_TODO';
}

/** Spec §8: 401 and 403 read "Brak uprawnień do tej operacji.", any other failure "Nieznany błąd.". */
export function todoErrorMessage(error: unknown): string {
  return error instanceof ApiError && (error.status === 401 || error.status === 403)
    ? MSG.forbidden
    : MSG.unknownError;
}

/** The machines' addresses of a linked service, each once. */
export function serviceAddresses(todo: Todo): string[] {
  if (!todo.service) return [];
  const lines = todo.service.devices.map((d) =>
    [d.streetAddress, [d.zipCode, d.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  );
  return [...new Set(lines.filter(Boolean))];
}
