import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { idsOf, pageOfParts } from '../../lib/page-parts.js';
import type { PageWindow } from '../../lib/paging.js';
import { isShortTerm, likeContains, trimmedTerm } from '../../lib/text-search.js';
import { inOneWalk } from '../../lib/trigram-signature.js';
import { customers } from '../customers/customers.table.js';
import { inspectionSummaries } from './inspection-summaries.table.js';
import {
  inspectionOrder,
  modeFilter,
  searchOf,
  type InspectionListOptions,
} from './inspections.repository.js';

/**
 * A search's page in the customers' order (docs/decisions.md, "A search in a column's order"), as
 * the service lists do it (services.owner-order.ts). A term of three characters or more matches a
 * machine whose customer's short name holds it; in the customers' order those machines lie in one
 * block per name ("nowak": 332 customers, whose names start with "Nowak"), and the walk of the
 * order passed the machines of the customers before them. Here the block's machines are read from
 * the order's index at the names (`= ANY` on its first column), the search's other matches (the
 * machine's name, city, category, serial number) apart, and the two merged.
 */
export async function customerOrderInspectionIds(
  db: Db,
  options: InspectionListOptions,
  window: PageWindow,
): Promise<number[] | undefined> {
  const term = trimmedTerm(options.q);
  if (options.sort.field !== 'customer' || !term || isShortTerm(term)) return undefined;
  const search = (await searchOf(db, options))!;
  const mode = modeFilter(options.mode);
  const order = inspectionOrder(options.sort);
  const end = window.offset + window.limit;
  // The customers whose short name holds the term: a summary's search copy holds their names.
  const named = sql`${inspectionSummaries.customerShortName} = ANY(ARRAY(
    SELECT ${customers.shortName} FROM ${customers} WHERE ${customers.shortName} ILIKE ${likeContains(term)}))`;
  const [ofCustomers, ofOthers] = await Promise.all([
    inOneWalk(db, window, (tx) =>
      idsOf(
        tx,
        sql`SELECT ${inspectionSummaries.deviceId} AS id FROM ${inspectionSummaries}
          WHERE ${mode} AND ${named} ORDER BY ${order} LIMIT ${end}`,
      ),
    ),
    idsOf(
      db,
      sql`SELECT ${inspectionSummaries.deviceId} AS id FROM ${inspectionSummaries}
        WHERE ${mode} AND ${search()} AND NOT ${named} ORDER BY ${order} LIMIT ${end}`,
    ),
  ]);
  return pageOfParts(
    db,
    { table: inspectionSummaries, id: inspectionSummaries.deviceId },
    order,
    [ofCustomers, ofOthers],
    window,
  );
}
