// temporary: EXPLAIN ANALYZE of the list queries (not committed)
import { openDatabase } from '../apps/server/src/db/database.js';
import { deviceOrder, deviceWhere } from '../apps/server/src/modules/devices/devices.query.js';
import { deviceFilterSchema } from '@serwis/domain';
import { devices } from '../apps/server/src/modules/devices/devices.table.js';
import { customers } from '../apps/server/src/modules/customers/customers.table.js';
import { categories } from '../apps/server/src/modules/categories/categories.table.js';
import { count, eq } from 'drizzle-orm';
const url = process.env.DATABASE_URL;
const database = await openDatabase({ DATABASE_URL: url, dataDir: process.env.DATA_DIR! });
const db = database.db;
const cases = JSON.parse(process.argv[2]);
for (const c of cases) {
  const where = deviceWhere({ family: 'INTERNAL', filter: deviceFilterSchema.parse(c.filter ?? {}), q: c.q });
  const order = deviceOrder(c.sort, { fewRows: c.few });
  let q1: any = db.select({ id: devices.id }).from(devices).$dynamic();
  if (order.joins.customer) q1 = q1.innerJoin(customers, eq(customers.id, devices.customerId));
  if (order.joins.category) q1 = q1.innerJoin(categories, eq(categories.id, devices.categoryId));
  q1 = q1.where(where).orderBy(...order.by).limit(c.size ?? 20).offset(c.offset ?? 0).toSQL();
  const q2 = db.select({ n: count() }).from(devices).where(where).toSQL();
  for (const q of c.countOnly ? [q2] : c.pageOnly ? [q1] : [q1, q2]) {
    const client: any = (db as any).$client ?? (db as any).session.client;
    const res = await client.query('EXPLAIN (ANALYZE) ' + q.sql, q.params);
    console.log('----', JSON.stringify(c));
    console.log(res.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
  }
}
await database.close();
