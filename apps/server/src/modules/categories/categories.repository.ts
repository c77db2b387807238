import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { devices } from '../devices/devices.table.js';
import { containsAny, lowerPrefix, searchTerm } from '../../lib/text-search.js';
import { boundedTotal, type ListTotal } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';
import { anyId, inIdOrder } from '../../lib/json-stream.js';
import { categories } from './categories.table.js';

export type CategoryRow = typeof categories.$inferSelect;

export const CATEGORY_SORT_FIELDS = ['id', 'name', 'count'] as const;

/** `q` by the rule of lib/text-search.ts: 1–2 characters by prefix, longer ones "contain"; or the id. */
function searchFilter(q?: string): SQL | undefined {
  const search = searchTerm(q);
  if (search.kind === 'none') return undefined;
  const byId = search.id !== undefined ? eq(categories.id, search.id) : undefined;
  if (search.kind === 'short') return or(lowerPrefix(categories.name, search.term), byId);
  return or(containsAny([categories.name], search.term), byId);
}

export interface CategoryListOptions {
  q?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

export interface CategoryWithCount {
  id: number;
  name: string;
  count: number;
}

export async function findCategories(
  db: DbOrTx,
  options: CategoryListOptions = {},
): Promise<CategoryWithCount[]> {
  const sort = parseSortParam(options.sort, CATEGORY_SORT_FIELDS, { field: 'id', direction: 'asc' });
  // Machines of both families: the count kept by the devices' trigger (migration 0005), not a join.
  const column = sort.field === 'count' ? categories.machineCount : categories[sort.field];
  const order = [sort.direction === 'desc' ? desc(column) : asc(column), asc(categories.id)];
  const query = db
    .select({ id: categories.id, name: categories.name, count: categories.machineCount })
    .from(categories)
    .where(searchFilter(options.q))
    .orderBy(...order);
  if (options.limit !== undefined) return query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

/** The list's total: exact up to EXACT_TOTAL_BOUND categories, estimated beyond. */
export function countCategories(db: DbOrTx, q?: string): Promise<ListTotal> {
  const where = searchFilter(q) ?? sql`TRUE`;
  return boundedTotal(db, sql`SELECT ${categories.id} FROM ${categories} WHERE ${where}`);
}

export async function findCategoryById(db: DbOrTx, id: number): Promise<CategoryRow | undefined> {
  const rows = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return rows[0];
}

/** The category, its row locked to the end of the transaction (two saves made on one version). */
export async function lockCategory(tx: DbOrTx, id: number): Promise<CategoryRow | undefined> {
  const rows = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  return rows[0];
}

export async function countCategoryMachines(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(devices)
    .where(eq(devices.categoryId, id));
  return row.n;
}

/** Another category with the same name, compared case-insensitively like the unique index. */
export async function findCategoryByName(
  db: DbOrTx,
  name: string,
  exceptId?: number,
): Promise<CategoryRow | undefined> {
  const sameName = sql`lower(${categories.name}) = ${name.trim().toLowerCase()}`;
  const rows = await db
    .select()
    .from(categories)
    .where(exceptId === undefined ? sameName : and(sameName, ne(categories.id, exceptId)))
    .limit(1);
  return rows[0];
}

export async function insertCategory(db: DbOrTx, name: string): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row;
}

export async function updateCategory(
  db: DbOrTx,
  id: number,
  values: { name: string; serviceReviewOperationsList?: string },
): Promise<CategoryRow | undefined> {
  const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning();
  return row;
}

export async function deleteCategory(db: DbOrTx, id: number) {
  await db.delete(categories).where(eq(categories.id, id));
}

/** Every matching id in list order (as `findCategories`), as a query for the streamed list's cursor. */
export function categoryIdQuery(db: DbOrTx, options: Pick<CategoryListOptions, 'q' | 'sort'>) {
  const sort = parseSortParam(options.sort, CATEGORY_SORT_FIELDS, { field: 'id', direction: 'asc' });
  const column = sort.field === 'count' ? categories.machineCount : categories[sort.field];
  const order = [sort.direction === 'desc' ? desc(column) : asc(column), asc(categories.id)];
  return db
    .select({ id: categories.id })
    .from(categories)
    .where(searchFilter(options.q))
    .orderBy(...order);
}

/** The categories of `ids` with their machine counts, in the order of `ids`. */
export async function findCategoriesByIds(db: DbOrTx, ids: number[]): Promise<CategoryWithCount[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id, name: categories.name, count: categories.machineCount })
    .from(categories)
    .where(anyId(categories.id, ids));
  return inIdOrder(ids, rows, (row) => row.id);
}

/**
 * Sets every category's machine count from the machines themselves (the triggers of migration
 * 0009 keep it afterwards): after a restore, whose category rows arrive with their counts and whose
 * machines then add to them.
 */
export async function recountCategoryMachines(db: DbOrTx) {
  await db.execute(
    sql`UPDATE ${categories} c SET machine_count = (SELECT count(*)::int FROM ${devices} d WHERE d.category_id = c.id)`,
  );
}
