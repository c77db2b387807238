import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { jsonParam, nameKey, rows, textList } from './imports.sql.js';

/** Ids of customers by short name (`nameKey`). */
export async function customerIdsByName(db: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const found = await rows<{ id: number; key: string }>(
    db,
    sql`SELECT id, ${nameKey('short_name')} AS key FROM customers WHERE ${nameKey('short_name')} IN ${textList(keys)}`,
  );
  return new Map(found.map((r) => [r.key, Number(r.id)]));
}

/**
 * The names a machine file picks from: every customer's short name and every category's name, in
 * Polish alphabetical order (the workbook template's lists).
 */
export async function registerNames(db: DbOrTx): Promise<{ customers: string[]; categories: string[] }> {
  const [customerRows, categoryRows] = [
    await rows<{ name: string }>(db, sql`SELECT short_name AS name FROM customers`),
    await rows<{ name: string }>(db, sql`SELECT name FROM categories`),
  ];
  const polish = new Intl.Collator('pl');
  const sorted = (list: { name: string }[]) => [...new Set(list.map((r) => r.name))].sort(polish.compare);
  return { customers: sorted(customerRows), categories: sorted(categoryRows) };
}

/**
 * Customers by lowered full name, for names a machine file gives that are no short name: the id of
 * the one customer with that full name, and apart the names that several customers have.
 */
export async function customerIdsByFullName(
  db: DbOrTx,
  lowered: string[],
): Promise<{ ids: Map<string, number>; ambiguous: Set<string> }> {
  const ids = new Map<string, number>();
  const ambiguous = new Set<string>();
  if (!lowered.length) return { ids, ambiguous };
  const found = await rows<{ id: number; key: string; customers: number }>(
    db,
    sql`SELECT ${nameKey('full_name')} AS key, min(id) AS id, count(*)::int AS customers FROM customers
        WHERE ${nameKey('full_name')} IN ${textList(lowered)} GROUP BY 1`,
  );
  for (const row of found) {
    if (Number(row.customers) === 1) ids.set(row.key, Number(row.id));
    else ambiguous.add(row.key);
  }
  return { ids, ambiguous };
}

export async function categoryIdsByName(db: DbOrTx, lowered: string[]): Promise<Map<string, number>> {
  if (!lowered.length) return new Map();
  const found = await rows<{ id: number; key: string }>(
    db,
    sql`SELECT id, ${nameKey('name')} AS key FROM categories WHERE ${nameKey('name')} IN ${textList(lowered)}`,
  );
  return new Map(found.map((r) => [r.key, Number(r.id)]));
}

export async function insertCustomersNamed(db: DbOrTx, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const created = await rows<{ id: number; key: string }>(
    db,
    sql`INSERT INTO customers (short_name) SELECT value FROM jsonb_array_elements_text(${jsonParam(names)})
        RETURNING id, ${nameKey('short_name')} AS key`,
  );
  return new Map(created.map((r) => [r.key, Number(r.id)]));
}

export async function insertCategoriesNamed(db: DbOrTx, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const created = await rows<{ id: number; key: string }>(
    db,
    sql`INSERT INTO categories (name) SELECT value FROM jsonb_array_elements_text(${jsonParam(names)})
        RETURNING id, ${nameKey('name')} AS key`,
  );
  return new Map(created.map((r) => [r.key, Number(r.id)]));
}
