import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { walkedIds } from '../../lib/trigram-signature.js';
import { idsAmong, intArray, selectedIds } from '../../lib/id-arrays.js';
import { pageOfParts } from '../../lib/page-parts.js';
import type { PageWindow } from '../../lib/paging.js';
import { customers } from '../customers/customers.table.js';
import { users } from '../users/users.table.js';
import {
  faultMatches,
  orderOf,
  searchBranches,
  searchedFamilyList,
  type SearchLookups,
  type ServiceListOptions,
} from './services.list.js';
import { services } from './services.table.js';

/**
 * A search's page in the order of the owners it names (docs/decisions.md, "A search in a column's
 * order"). Sorted by customer, the events of the customers a search names lie in blocks of the
 * order, one per customer name: "nowak" names 332 customers whose names start with "Nowak", and the
 * order's walk passed the 280,000 events of the customers before them, reading each, to find the
 * first page (0.5–0.7 s at 5,000,000 events). The same for the creators in the creator's order
 * ("a": 1.6–2.7 s). Here those events are read from the order's index at their own names (`= ANY`
 * on its first column, which the index answers in its order), and the search's other matches
 * (description, number, other customers, machines) in the order apart; each part up to the page's
 * end, then the two merged.
 */

const OWNER_ORDERS = {
  customer: {
    /** The search's lookups of these owners (SearchLookups). */
    branch: 'customers',
    ownerColumn: services.customerId,
    /** The first sort key of the owners' events, as the owners' table holds it. */
    leading: services.customerShortName,
    /**
     * Whether an owner's name names no one else (customers_short_name_lower_uq): the events are
     * then taken at their names alone, from the index without reading them.
     */
    uniqueNames: true,
    names: (ids: number[]) =>
      sql`SELECT DISTINCT ${customers.shortName} FROM ${customers} WHERE ${idsAmong(customers.id, ids)}`,
  },
  user: {
    branch: 'users',
    ownerColumn: services.userCreatedId,
    leading: services.userLastName,
    uniqueNames: false,
    names: (ids: number[]) =>
      sql`SELECT DISTINCT ${users.lastName} FROM ${users} WHERE ${idsAmong(users.id, ids)}`,
  },
} as const;

type OwnerSort = keyof typeof OWNER_ORDERS;
const isOwnerSort = (field: string): field is OwnerSort => field in OWNER_ORDERS;

/**
 * The page's ids when the list of a family is sorted by customer or creator and its search names
 * some of them; undefined otherwise (the list's own query serves it).
 */
export async function ownerOrderPage(
  db: Db,
  options: ServiceListOptions,
  window: PageWindow,
  found: SearchLookups | undefined,
): Promise<number[] | undefined> {
  const list = searchedFamilyList(options, found);
  if (!list || !isOwnerSort(list.sort.field)) return undefined;
  const { family, sort } = list;
  const order = OWNER_ORDERS[list.sort.field];
  const owners = list.found[order.branch];
  if (!owners.length) return undefined;
  const inOrder = orderOf(sort);
  const end = window.offset + window.limit;
  const named = sql`${order.ownerColumn} = ANY(${intArray(owners)})`;
  // The search's other branches alone: "(description OR these customers) AND NOT these customers"
  // would be estimated as the customers' events, and walk the order to its end when none match.
  const others = searchBranches(
    services,
    { ...list.found, [order.branch]: [] },
    faultMatches(list.found.term),
  );
  const [ofOwners, ofOthers] = await Promise.all([
    // Read in the order's index at the owners' names, never collected and sorted: at the 1,000th
    // page the planner would take every event of theirs (241,000 for "nowak") from a bitmap.
    walkedIds(
      db,
      sql`SELECT ${services.id} AS id FROM ${services}
        WHERE ${family} AND ${order.leading} = ANY(ARRAY(${order.names(owners)}))
          ${order.uniqueNames ? sql`` : sql`AND ${named}`}
        ORDER BY ${inOrder} LIMIT ${end}`,
    ),
    selectedIds(
      db,
      sql`SELECT ${services.id} AS id FROM ${services} WHERE ${family} AND ${others} AND NOT ${named}
        ORDER BY ${inOrder} LIMIT ${end}`,
    ),
  ]);
  return pageOfParts(db, { table: services, id: services.id }, inOrder, [ofOwners, ofOthers], window);
}
