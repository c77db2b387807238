import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { StatisticsRow } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { services } from '../services/services.table.js';
import { users } from '../users/users.table.js';

/**
 * Protocols issued and signed per employee in one statement. The date range sits in the join
 * condition, not in WHERE, so employees without events in the range stay in the list with zeros.
 */
export function countServicesPerUser(
  db: DbOrTx,
  range: { dateFrom: string | null; dateTo: string | null },
): Promise<StatisticsRow[]> {
  return db
    .select({
      userId: users.id,
      lastName: users.lastName,
      firstName: users.firstName,
      countUserServices: sql<number>`count(${services.id})::int`,
      countUserSignedServices: sql<number>`(count(${services.id}) FILTER (WHERE ${services.state} = 'PODPISANY'))::int`,
    })
    .from(users)
    .leftJoin(
      services,
      and(
        eq(services.userCreatedId, users.id),
        range.dateFrom ? gte(services.date, range.dateFrom) : undefined,
        range.dateTo ? lte(services.date, range.dateTo) : undefined,
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(users.id));
}
