import { CATEGORY_MSG, sameOperations, type ServiceOperation } from '@serwis/domain';

/**
 * One change of a category's operation list, made on whichever list is current: the one the screen
 * shows, or, when another administrator saved meanwhile, the list he saved (the change is made
 * again on it instead of his list being replaced by this screen's older one). An operation is known
 * by its name and fields, and by the place the screen showed it at while it is still there.
 */
export type OperationsChange = (current: ServiceOperation[]) => ServiceOperation[];

/**
 * The change cannot be made on the list saved meanwhile: the operation it is about is gone (removed
 * or renamed), or a list read in would replace operations the user has not seen.
 */
export class OperationGone extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperationGone';
  }
}

/**
 * Where the operation the screen showed at `shownAt` is now: that place when it is still there (two
 * operations of one name and fields are told apart by it), else the first as it was (moved), else the
 * only one of its name (another changed its fields meanwhile); -1 when none has its name. With two
 * of its name and neither as it was, no guess (the change could land on the other one): refused.
 */
function placeOf(list: ServiceOperation[], operation: ServiceOperation, shownAt: number) {
  const shown = list[shownAt];
  if (shown && sameOperations([shown], [operation])) return shownAt;
  const same = list.findIndex((item) => sameOperations([item], [operation]));
  if (same >= 0) return same;
  const named = list.flatMap((item, i) => (item.name === operation.name ? [i] : []));
  if (named.length > 1) throw new OperationGone(CATEGORY_MSG.operationUnsure(operation.name));
  return named[0] ?? -1;
}

function placeOrGone(list: ServiceOperation[], operation: ServiceOperation, shownAt: number) {
  const at = placeOf(list, operation, shownAt);
  if (at < 0) throw new OperationGone(CATEGORY_MSG.operationGone(operation.name));
  return at;
}

export const addOperation =
  (operation: ServiceOperation): OperationsChange =>
  (list) => [...list, operation];

/**
 * `original` edited into `operation`. On a list saved meanwhile, what the edit left as it was (the
 * name, or the measurement fields) takes the other's version: renaming an operation no longer puts
 * back the fields another administrator had just given it.
 */
export const replaceOperation =
  (original: ServiceOperation, shownAt: number, operation: ServiceOperation): OperationsChange =>
  (list) => {
    const at = placeOrGone(list, original, shownAt);
    const current = list[at];
    const edited: ServiceOperation = {
      name: operation.name === original.name ? current.name : operation.name,
      fields: sameFields(operation, original) ? current.fields : operation.fields,
    };
    return list.map((item, i) => (i === at ? edited : item));
  };

const sameFields = (a: ServiceOperation, b: ServiceOperation) =>
  sameOperations([{ ...a, name: '' }], [{ ...b, name: '' }]);

/** Already gone from the current list: nothing left to remove. */
export const removeOperation =
  (original: ServiceOperation, shownAt: number): OperationsChange =>
  (list) => {
    const at = placeOf(list, original, shownAt);
    return at < 0 ? list : list.filter((_, i) => i !== at);
  };

/** One place up (-1) or down (1); at the list's end it stays. */
export const moveOperation =
  (original: ServiceOperation, shownAt: number, delta: -1 | 1): OperationsChange =>
  (list) => {
    const at = placeOrGone(list, original, shownAt);
    const to = at + delta;
    if (to < 0 || to >= list.length) return list;
    const next = [...list];
    [next[at], next[to]] = [next[to], next[at]];
    return next;
  };

/**
 * Another category's list read in, replacing `seen` (the list the user was asked about): when
 * another administrator changed it meanwhile, his operations would go unseen, so he is asked again.
 */
export const replaceList =
  (imported: ServiceOperation[], seen: ServiceOperation[]): OperationsChange =>
  (list) => {
    if (!sameOperations(list, seen)) throw new OperationGone(CATEGORY_MSG.listChangedBeforeImport);
    return imported;
  };
