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
  const order = deviceOrder(c.sort);
  const q1 = db
    .select({ id: devices.id, n: customers.shortName, c: categories.name })
    .from(devices)
    .innerJoin(customers, eq(customers.id, devices.customerId))
    .innerJoin(categories, eq(categories.id, devices.categoryId))
    .where(where)
    .orderBy(...order.by)
    .limit(c.size ?? 20)
    .offset(c.offset ?? 0)
    .toSQL();
  const q2 = db.select({ n: count() }).from(devices).where(where).toSQL();
  for (const q of c.countOnly ? [q2] : [q1, q2]) {
    const client: any = (db as any).$client ?? (db as any).session.client;
    let text = q.sql;
    const params = q.params;
    const res = url
      ? await client.query('EXPLAIN (ANALYZE, BUFFERS) ' + text, params)
      : await client.query('EXPLAIN (ANALYZE) ' + text, params);
    console.log('----', JSON.stringify(c));
    console.log(res.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
  }
}
await database.close();
