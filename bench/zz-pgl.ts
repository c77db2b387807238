import { connectPglite, openPglite } from '../apps/server/src/db/database.js';
const database = await connectPglite(await openPglite({ dataDir: process.env.DATA_DIR + '/db' }), false);
const client: any = (database.db as any).$client;
const ids = '{' + Array.from({length: 1000}, (_, i) => i * 70 + 1).join(',') + '}';
for (let k = 0; k < 4; k++) {
  for (const [name, q] of [
    ['ids only', 'SELECT id FROM devices WHERE id = ANY($1::int[])'],
    ['devices 14 cols', 'SELECT id, status, name, serial_number, source_power, transfer_date, warranty_length, warranty, street_address, zip_code, city, province FROM devices WHERE id = ANY($1::int[])'],
    ['join', 'SELECT d.id, d.status, d.name, c.short_name, cat.name, d.serial_number, d.source_power, d.transfer_date, d.warranty_length, d.warranty, d.street_address, d.zip_code, d.city, d.province FROM devices d JOIN customers c ON c.id = d.customer_id JOIN categories cat ON cat.id = d.category_id WHERE d.id = ANY($1::int[])'],
    ['join one text', "SELECT string_agg(concat_ws(';', d.id, d.status, d.name, c.short_name, cat.name, d.serial_number, d.source_power, d.transfer_date, d.warranty_length, d.warranty, d.street_address, d.zip_code, d.city, d.province), E'\\n') FROM devices d JOIN customers c ON c.id = d.customer_id JOIN categories cat ON cat.id = d.category_id WHERE d.id = ANY($1::int[])"],
  ]) {
    const t = performance.now();
    await client.query(q, [ids]);
    if (k > 1) console.log(name, (performance.now() - t).toFixed(1));
  }
}
await database.close();
