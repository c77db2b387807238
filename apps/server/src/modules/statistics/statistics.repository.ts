import { asc, sql } from 'drizzle-orm';
import type { StatisticsRow } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { users } from '../users/users.table.js';
import { countedServices, type StatisticsRange } from './statistics.range.js';

/**
 * Protocols issued and signed per employee in one statement, every employee listed: the range's
 * counts (statistics.range.ts) added up per author and joined to the employees, so employees
 * without events in the range stay in the list with zeros.
 */
export async function countServicesPerUser(db: DbOrTx, range: StatisticsRange): Promise<StatisticsRow[]> {
  const result = await db.execute(sql`
    SELECT ${users.id} AS "userId", ${users.lastName} AS "lastName", ${users.firstName} AS "firstName",
      coalesce(c.issued, 0)::int AS "countUserServices", coalesce(c.signed, 0)::int AS "countUserSignedServices",
      ${users.active} AS "active"
    FROM ${users}
    LEFT JOIN (
      SELECT user_created_id, sum(services) AS issued,
        sum(services) FILTER (WHERE state = 'PODPISANY') AS signed
      FROM (${countedServices(range)}) counted
      GROUP BY user_created_id
    ) c ON c.user_created_id = ${users.id}
    ORDER BY ${asc(users.id)}`);
  return rowsOf<StatisticsRow>(result);
}
