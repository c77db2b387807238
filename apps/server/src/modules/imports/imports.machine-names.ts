import { IMPORT_MSG, categoryName, customerInsertSchema, type ImportOptions } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { categoryIdsByName, customerIdsByFullName, customerIdsByName } from './imports.names.repository.js';
import type { Problems } from './imports.problems.js';
import { nameKey, type Row } from './imports.rows.js';

/** The customers and categories a machine file names, as the register knows them. */
export interface MachineNames {
  /** Ids by name key; the write adds those of the customers and categories it creates. */
  customers: Map<string, number>;
  categories: Map<string, number>;
  /** Names no customer or category has (as the rows write them): the import may create them. */
  missingCustomers: string[];
  missingCategories: string[];
  /** Why the rows naming a customer or category (by name key) are refused. */
  badCustomer: Map<string, string>;
  badCategory: Map<string, string>;
}

/** Finds the named customers and categories, and tells which names refuse their rows. */
export async function resolveMachineNames(
  db: DbOrTx,
  customerNames: Map<string, string>,
  categoryNames: Map<string, string>,
  options: ImportOptions,
): Promise<MachineNames> {
  const customers = await customerIdsByName(db, [...customerNames.keys()]);
  // A name that is no customer's short name may be one customer's full name ("Metalex Sp. z o.o.").
  const byFullName = await customerIdsByFullName(
    db,
    [...customerNames.keys()].filter((key) => !customers.has(key)),
  );
  for (const [key, id] of byFullName.ids) customers.set(key, id);
  const categories = await categoryIdsByName(db, [...categoryNames.keys()]);
  const missingCustomers = [...customerNames]
    .filter(([key]) => !customers.has(key) && !byFullName.ambiguous.has(key))
    .map(([, name]) => name);
  const missingCategories = [...categoryNames]
    .filter(([key]) => !categories.has(key))
    .map(([, name]) => name);
  const refused = refusedNames(
    customerNames,
    byFullName.ambiguous,
    missingCustomers,
    missingCategories,
    options,
  );
  return { customers, categories, missingCustomers, missingCategories, ...refused };
}

/**
 * The message of each name that refuses its rows: a full name several customers have, and a
 * missing name when the import may not create it (or it is no valid name).
 */
function refusedNames(
  customerNames: Map<string, string>,
  ambiguous: Set<string>,
  missingCustomers: string[],
  missingCategories: string[],
  options: ImportOptions,
) {
  const badCustomer = new Map<string, string>();
  const badCategory = new Map<string, string>();
  for (const key of ambiguous) {
    badCustomer.set(key, IMPORT_MSG.customerAmbiguous(customerNames.get(key)!));
  }
  for (const name of missingCustomers) {
    const check = customerInsertSchema.shape.shortName.safeParse(name);
    const message = !options.createMissing
      ? IMPORT_MSG.customerMissing(name)
      : check.success
        ? null
        : check.error.issues[0]!.message;
    if (message) badCustomer.set(nameKey(name), message);
  }
  for (const name of missingCategories) {
    const check = categoryName.safeParse(name);
    const message = !options.createMissing
      ? IMPORT_MSG.categoryMissing(name)
      : check.success
        ? null
        : check.error.issues[0]!.message;
    if (message) badCategory.set(nameKey(name), message);
  }
  return { badCustomer, badCategory };
}

/** The rows naming a refused customer or category (`badCustomer`, `badCategory`), each told so. */
export async function rowsNamingRefused(
  rows: Row[],
  names: Pick<MachineNames, 'badCustomer' | 'badCategory'>,
  problems: Problems,
  giveTurn: () => Promise<void>,
): Promise<Set<Row>> {
  const { badCustomer, badCategory } = names;
  // Every row naming a missing or ambiguous customer or category is told so, also when its own
  // fields are wrong: the user sees all that the row needs at once.
  const namesRefused = new Set<Row>();
  for (const row of rows) {
    await giveTurn();
    const customerProblem = badCustomer.get(nameKey(row.values.customer ?? ''));
    const categoryProblem = badCategory.get(nameKey(row.values.category ?? ''));
    if (customerProblem) problems.add(row, 'customer', customerProblem);
    if (categoryProblem) problems.add(row, 'category', categoryProblem);
    if (customerProblem || categoryProblem) namesRefused.add(row);
  }
  return namesRefused;
}
