import {
  CATEGORY_MSG,
  MSG,
  decodeOperations,
  formatOperations,
  parseOperations,
  polishCount,
  polishPlural,
  sameOperations,
  type CategoryDetails,
  type CategoryInsert,
  type CategoryUpdate,
  type ServiceOperation,
  type SessionUser,
} from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { audit } from '../../plugins/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';

import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, hasPgCode } from '../../lib/pg-error.js';
import {
  countCategoryMachines,
  deleteCategory,
  findCategoryById,
  findCategoryByName,
  insertCategory,
  lockCategory,
  updateCategory,
  type CategoryRow,
} from './categories.repository.js';

/** Only the database is written: a save ended by a deadlock runs again. */
const RETRY = { retryOnDeadlock: true };

const label = (row: { name: string; id: number }) => `${row.name} (id ${row.id})`;

/** "2 pozycje". */
const itemsCount = (count: number) =>
  `${polishCount(count)} ${polishPlural(count, { one: 'pozycja', few: 'pozycje', many: 'pozycji' })}`;

/**
 * Roughly the most characters of a list an entry keeps (up to 500 operations of 255 characters
 * with 30 fields each would make the entry unreadable); the operations past it are counted.
 */
const LOGGED_LIST_MAX = 4000;

/** One operation as the log keeps it: „Wymiana oleju” (ilość [l], typ). */
function operationInLog(operation: ServiceOperation): string {
  const fields = operation.fields.map((f) => (f.unit ? `${f.name} [${f.unit}]` : f.name));
  return `„${operation.name}”${fields.length ? ` (${fields.join(', ')})` : ''}`;
}

/**
 * A stored operation list as the log keeps it, so that an administrator can type back what a save
 * or a delete took away: "(2 pozycje): „Wymiana oleju” (ilość [l]), „Kontrola szczelności”", in the
 * list's order; past LOGGED_LIST_MAX, "… i jeszcze 12". An empty list: ": —".
 */
function operationsInLog(list: string | null): string {
  const operations = parseOperations(list);
  if (operations.length === 0) return ': —';
  const shown: string[] = [];
  let length = 0;
  for (const operation of operations) {
    const text = operationInLog(operation);
    if (shown.length > 0 && length + text.length > LOGGED_LIST_MAX) break;
    shown.push(text);
    length += text.length + 2;
  }
  const rest = operations.length - shown.length;
  const more = rest > 0 ? ` i jeszcze ${polishCount(rest)}` : '';
  return ` (${itemsCount(operations.length)}): ${shown.join(', ')}${more}`;
}

/** A save made on another version than the server's (its `base`): its screen takes the other's in. */
const changedMeanwhile = () => conflict(CATEGORY_MSG.changedMeanwhile, 'CHANGED_MEANWHILE');

async function toDetails(db: DbOrTx, row: CategoryRow): Promise<CategoryDetails> {
  return {
    id: row.id,
    name: row.name,
    // Kept by the devices' triggers in the writing transaction (migration 0005); the delete guard
    // still counts the machines themselves.
    count: row.machineCount,
    serviceReviewOperationsList: row.serviceReviewOperationsList,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withNameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (hasPgCode(error, UNIQUE_VIOLATION)) throw conflict(MSG.categoryExists, 'CATEGORY_EXISTS');
    throw error;
  }
}

export async function getCategory(db: Db, id: number): Promise<CategoryDetails> {
  const row = await findCategoryById(db, id);
  if (!row) throw notFound(MSG.categoryNotFound);
  return toDetails(db, row);
}

export async function createCategory(db: Db, actor: SessionUser, input: CategoryInsert) {
  if (await findCategoryByName(db, input.name)) throw conflict(MSG.categoryExists, 'CATEGORY_EXISTS');
  return withNameGuard(() =>
    inTransaction(db, async (tx) => {
      const row = await insertCategory(tx, input.name);
      await audit(tx, actor, `dodanie kategorii ${label(row)}`, `category:${row.id}`);
      return toDetails(tx, row);
    }),
  );
}

/**
 * Renaming is open to everyone; the operation list only to admins. The list is compared by meaning,
 * so a user who renames and sends the unchanged list back is not refused.
 */
export async function editCategory(db: Db, actor: SessionUser, input: CategoryUpdate, base?: string) {
  const existing = await findCategoryById(db, input.id);
  if (!existing) throw notFound(MSG.categoryNotFound);
  if (base !== undefined && existing.updatedAt.toISOString() !== base) throw changedMeanwhile();
  if (await findCategoryByName(db, input.name, input.id)) {
    throw conflict(MSG.categoryExists, 'CATEGORY_EXISTS');
  }

  let newList: string | undefined;
  if (input.serviceReviewOperationsList !== undefined && input.serviceReviewOperationsList !== null) {
    const decoded = decodeOperations(input.serviceReviewOperationsList);
    if (!decoded.ok) {
      // A list that cannot be read cannot be the unchanged one: an employee is refused before being told why.
      if (!actor.isAdmin) throw forbidden(MSG.forbiddenShort);
      throw badRequest(decoded.message, 'INVALID_OPERATIONS', 'serviceReviewOperationsList');
    }
    const current = parseOperations(existing.serviceReviewOperationsList);
    if (!sameOperations(decoded.operations, current)) {
      if (!actor.isAdmin) throw forbidden(MSG.forbiddenShort);
      newList = formatOperations(decoded.operations);
    }
  }

  const renamed = input.name !== existing.name;
  if (!renamed && newList === undefined) return toDetails(db, existing);

  return withNameGuard(() =>
    inTransaction(
      db,
      async (tx) => {
        // Checked again under the row's lock: two saves made on one version, one goes in.
        const locked = await lockCategory(tx, existing.id);
        if (!locked) throw notFound(MSG.categoryNotFound);
        if (base !== undefined && locked.updatedAt.toISOString() !== base) throw changedMeanwhile();
        const row = await updateCategory(tx, existing.id, {
          name: input.name,
          ...(newList !== undefined ? { serviceReviewOperationsList: newList } : {}),
        });
        if (!row) throw notFound(MSG.categoryNotFound);
        const changes: string[] = [];
        if (renamed) changes.push(`zmiana nazwy z „${locked.name}” na „${input.name}”`);
        if (newList !== undefined) {
          // The list it replaced, as it was under the lock: what an administrator retypes if it was a mistake.
          changes.push(
            `zmiana listy czynności serwisowych (${itemsCount(parseOperations(newList).length)}), ` +
              `poprzednia lista${operationsInLog(locked.serviceReviewOperationsList)}`,
          );
        }
        await audit(tx, actor, `edycja kategorii ${label(row)}: ${changes.join(', ')}`, `category:${row.id}`);
        return toDetails(tx, row);
      },
      RETRY,
    ),
  );
}

export async function removeCategory(db: Db, actor: SessionUser, id: number) {
  if (!actor.isAdmin) throw forbidden(MSG.forbidden);
  const existing = await findCategoryById(db, id);
  if (!existing) throw notFound(MSG.categoryNotFound);
  try {
    await inTransaction(db, async (tx) => {
      if ((await countCategoryMachines(tx, id)) > 0) throw conflict(CATEGORY_MSG.categoryInUse, 'IN_USE');
      // Its operation list goes with it: kept in the entry (as it is now), when it had one.
      const list = ((await findCategoryById(tx, id)) ?? existing).serviceReviewOperationsList;
      const operations = parseOperations(list).length
        ? `: lista czynności serwisowych${operationsInLog(list)}`
        : '';
      await deleteCategory(tx, id);
      await audit(tx, actor, `usunięcie kategorii ${label(existing)}${operations}`, `category:${id}`);
    });
  } catch (error) {
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw conflict(CATEGORY_MSG.categoryInUse, 'IN_USE');
    throw error;
  }
}
