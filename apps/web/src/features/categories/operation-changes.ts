import { CATEGORY_MSG, sameOperations, type ServiceOperation } from '@serwis/domain';

/**
 * One change of a category's operation list, made on whichever list is current: the one the screen
 * shows, or, when another administrator saved meanwhile, the list he saved (the change is made
 * again on it instead of his list being replaced by this screen's older one). An operation is known
 * by its name and fields, not by its place, which the other's change may have moved.
 */
export type OperationsChange = (current: ServiceOperation[]) => ServiceOperation[];

/** The operation the change is about is no longer on the list (another removed or renamed it). */
export class OperationGone extends Error {
  constructor(name: string) {
    super(CATEGORY_MSG.operationGone(name));
    this.name = 'OperationGone';
  }
}

const placeOf = (list: ServiceOperation[], operation: ServiceOperation) =>
  list.findIndex((item) => sameOperations([item], [operation]));

function placeOrGone(list: ServiceOperation[], operation: ServiceOperation) {
  const at = placeOf(list, operation);
  if (at < 0) throw new OperationGone(operation.name);
  return at;
}

export const addOperation =
  (operation: ServiceOperation): OperationsChange =>
  (list) => [...list, operation];

export const replaceOperation =
  (original: ServiceOperation, operation: ServiceOperation): OperationsChange =>
  (list) => {
    const at = placeOrGone(list, original);
    return list.map((item, i) => (i === at ? operation : item));
  };

/** Already gone from the current list: nothing left to remove. */
export const removeOperation =
  (original: ServiceOperation): OperationsChange =>
  (list) => {
    const at = placeOf(list, original);
    return at < 0 ? list : list.filter((_, i) => i !== at);
  };

/** One place up (-1) or down (1); at the list's end it stays. */
export const moveOperation =
  (original: ServiceOperation, delta: -1 | 1): OperationsChange =>
  (list) => {
    const at = placeOrGone(list, original);
    const to = at + delta;
    if (to < 0 || to >= list.length) return list;
    const next = [...list];
    [next[at], next[to]] = [next[to], next[at]];
    return next;
  };

/** Another category's list read in: it replaces the current one, whatever that is. */
export const replaceList =
  (imported: ServiceOperation[]): OperationsChange =>
  () =>
    imported;
