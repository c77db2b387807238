import { connectPglite, openPglite } from '../apps/server/src/db/database.js';
import { deviceOrder, deviceWhere } from '../apps/server/src/modules/devices/devices.query.js';
import { allDeviceIds, findCsvRowsByIds } from '../apps/server/src/modules/devices/devices.repository.js';
import { csvRow } from '../apps/server/src/modules/devices/devices.csv.js';
const database = await connectPglite(await openPglite({ dataDir: process.env.DATA_DIR + '/db' }), false);
const db = database.db;
for (let k = 0; k < 3; k++) {
let t = performance.now();
const ids = await allDeviceIds(db, deviceWhere({ family: 'INTERNAL' }), deviceOrder(undefined));
console.log('ids', ids.length, (performance.now() - t).toFixed(0)); t = performance.now();
let rows: any[] = [];
for (let i = 0; i < 10; i++) rows = await findCsvRowsByIds(db, ids.slice(i * 1000, i * 1000 + 1000));
console.log('10 batches', (performance.now() - t).toFixed(0)); t = performance.now();
for (let i = 0; i < 10; i++) rows.map(csvRow).join('');
console.log('10x csv 1000', (performance.now() - t).toFixed(0));
const client: any = (db as any).$client;
t = performance.now();
const r = await client.query(`SELECT d.*, c.short_name, cat.name FROM devices d JOIN customers c ON c.id=d.customer_id JOIN categories cat ON cat.id = d.category_id WHERE d.id = ANY($1::int[])`, ['{' + ids.slice(0,1000).join(',') + '}']);
console.log('raw batch', r.rows.length, (performance.now() - t).toFixed(0));
t = performance.now();
const r2 = await client.query(`EXPLAIN ANALYZE SELECT d.*, c.short_name, cat.name FROM devices d JOIN customers c ON c.id=d.customer_id JOIN categories cat ON cat.id = d.category_id WHERE d.id = ANY($1::int[])`, ['{' + ids.slice(0,1000).join(',') + '}']);
if (k==2) console.log(r2.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await database.close();
