import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { idArraysByIndex, idsAmong, INLINE_IDS_MAX } from '../../lib/id-arrays.js';
import {
  copyTermMatches,
  isShortTerm,
  likeContains,
  nameMatches,
  trimmedTerm,
} from '../../lib/text-search.js';
import { customers } from '../customers/customers.table.js';
import { devices, deviceSearchText } from '../devices/devices.table.js';
import { serviceDevices } from '../services/services.table.js';
import { todos } from './todos.table.js';

/**
 * Staff look a to-do up by its number, its text, its customer or one of its machines. The customers
 * and machines the term names are looked up once per call (`lookUpTodoSearch`), as the service
 * list's search does, and every statement of the call (the page, the count, the estimate) takes
 * their ids: before, each statement ran both lookups again, and a search that names no customer and
 * no machine ("ofert") still paid for their union in each (docs/decisions.md, "The to-dos' search
 * looked up once").
 */
export interface TodoSearch {
  term: string;
  /** The customers whose short name matches (its start for a term of one or two characters). */
  customers: number[];
  /**
   * The machines whose name or city holds a long term: their ids, or their query when more than
   * INLINE_IDS_MAX (a city: "kraków" names 35,000 at 1,000,000 machines). None for a short term.
   */
  machines: number[] | SQL;
}

/**
 * The search of `q`, or undefined without a term: its customers and machines, read in one statement
 * through their indexes.
 */
export async function lookUpTodoSearch(db: DbOrTx, q: string | undefined): Promise<TodoSearch | undefined> {
  const term = trimmedTerm(q);
  if (!term) return undefined;
  const named = sql`SELECT ${customers.id} FROM ${customers} WHERE ${nameMatches(customers.shortName, term)}`;
  if (isShortTerm(term))
    return { term, customers: (await idArraysByIndex(db, { named })).named, machines: [] };
  const machines = machinesHolding(term);
  const found = await idArraysByIndex(db, {
    named,
    machines: sql`${machines} LIMIT ${sql.raw(String(INLINE_IDS_MAX + 1))}`,
  });
  return {
    term,
    customers: found.named,
    machines: found.machines.length > INLINE_IDS_MAX ? machines : found.machines,
  };
}

/** The machines whose name or city holds a long term (their texts' trigram index, then the two columns). */
function machinesHolding(term: string): SQL {
  const pattern = likeContains(term);
  return sql`SELECT ${devices.id} FROM ${devices} WHERE ${deviceSearchText(devices)} ILIKE ${pattern}
    AND (${devices.name} ILIKE ${pattern} OR ${devices.city} ILIKE ${pattern})`;
}

/** The to-dos whose description holds the term (its start, for one or two characters). */
const describedMatches = (term: string) => copyTermMatches(todos.descriptionSearch, term);

/**
 * The search's sets besides the description: the to-do by its number, and the to-dos of the events
 * of the customers and machines found. Each holds only to-dos that exist and meet `status`, so the
 * union is the matches themselves. Empty when the term is no number and names no customer and no
 * machine.
 */
function otherSets(search: TodoSearch, status: SQL | undefined): SQL[] {
  const where = (condition: SQL) => and(status, condition)!;
  const sets: SQL[] = [];
  if (/^\d{1,9}$/.test(search.term)) {
    sets.push(sql`SELECT ${todos.id} FROM ${todos} WHERE ${where(eq(todos.id, Number(search.term)))}`);
  }
  if (search.customers.length) {
    // The event's customer as copied onto the to-do (todos.table.ts, customerId): one index.
    sets.push(
      sql`SELECT ${todos.id} FROM ${todos} WHERE ${where(idsAmong(todos.customerId, search.customers))}`,
    );
  }
  const machines = machinesAmong(search.machines);
  if (machines) {
    sets.push(sql`SELECT ${todos.id} FROM ${todos}
      JOIN ${serviceDevices} ON ${serviceDevices.serviceId} = ${todos.serviceId}
      WHERE ${where(machines)}`);
  }
  return sets;
}

/** The events' machines among those found: their ids, their query, or none found. */
function machinesAmong(found: number[] | SQL): SQL | undefined {
  if (!Array.isArray(found)) return sql`${serviceDevices.deviceId} IN (${found})`;
  return found.length ? idsAmong(serviceDevices.deviceId, found) : undefined;
}

/**
 * The search as a condition on the to-dos table: the description alone when no other set has
 * members (one index, no union), else a union of id sets, each read through its own index, instead
 * of one OR over joins that would read every to-do. `status`: the list's status condition, also
 * checked in each set, so a set of open to-dos only is hashed (the 3,736 open of the 12,500 to-dos
 * holding "ofert" at 1,000,000 machines).
 */
export function searchCondition(search: TodoSearch, status: SQL | undefined): SQL {
  const others = otherSets(search, status);
  if (!others.length) return describedMatches(search.term);
  return sql`${todos.id} IN (${searchSets(search, status)})`;
}

/**
 * The search's id sets as one union. `describedUpTo`: the description's set cut at that many rows,
 * for a count up to a bound (todos.repository.ts, `countedMatches`).
 */
export function searchSets(search: TodoSearch, status: SQL | undefined, describedUpTo?: number): SQL {
  const described = sql`SELECT ${todos.id} FROM ${todos} WHERE ${and(status, describedMatches(search.term))}`;
  const sets = [
    describedUpTo === undefined ? described : sql`(${described} LIMIT ${sql.raw(String(describedUpTo))})`,
    ...otherSets(search, status),
  ];
  return sql.join(sets, sql` UNION `);
}

/** Whether a to-do matches: its description, or one of the other sets (the walk's check on each row). */
export function walkedMatch(search: TodoSearch): SQL {
  const others = otherSets(search, undefined);
  if (!others.length) return describedMatches(search.term);
  return sql`(${describedMatches(search.term)} OR ${todos.id} IN (${sql.join(others, sql` UNION `)}))`;
}
