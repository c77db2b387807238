/**
 * Fills a database with a realistic fleet for the benchmark (run.ts).
 *
 *   npm run generate -w bench          # PGlite in .tmp/bench-data, 100,000 machines, 1,000,000 events
 *   DATABASE_URL=postgres://… npm run generate -w bench -- --reset
 *   options: --machines=N --customers=N --categories=N --services=N --todos=N --incidents=N --logs=N
 *            --seed=N --reset --data-dir=DIR
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/database.js';
import { categories } from '../apps/server/src/modules/categories/categories.table.js';
import { customers } from '../apps/server/src/modules/customers/customers.table.js';
import { devices } from '../apps/server/src/modules/devices/devices.table.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { refreshAllInspectionSummaries } from '../apps/server/src/modules/inspections/inspection-summaries.js';
import { serviceDevices, services } from '../apps/server/src/modules/services/services.table.js';
import { inspectionSummaries } from '../apps/server/src/modules/inspections/inspection-summaries.table.js';
import { users } from '../apps/server/src/modules/users/users.table.js';
import { findUserByEmail, insertUser } from '../apps/server/src/modules/users/users.repository.js';
import { categoryNames, makeCustomer, makeDevice, random, type FleetCustomer } from './fleet.js';
import { BENCH_OPTION_NAMES, describeTarget, readOptions, refuseUnknownOptions } from './options.js';
import { dayOf, technicians, type FleetMachine } from './service-events.js';
import { dropIndexes, writeServices } from './write-services.js';
import { continueSequence, insertUnnest, type ColumnSpec } from './bulk-insert.js';
import { writeSideRecords } from './side-records.js';
import { logs } from '../apps/server/src/modules/logs/logs.table.js';

/** Machines per INSERT … unnest statement. */
const DEVICE_BATCH = 10_000;

const DEVICE_COLUMNS: readonly ColumnSpec[] = [
  ['id', 'int'],
  ['type', 'text'],
  ['name', 'text'],
  ['category_id', 'int'],
  ['customer_id', 'int'],
  ['serial_number', 'text'],
  ['source_power', 'text'],
  ['transfer_date', 'date'],
  ['warranty_length', 'int'],
  ['warranty', 'text'],
  ['street_address', 'text'],
  ['zip_code', 'text'],
  ['city', 'text'],
  ['province', 'text'],
  ['status', 'text'],
  ['status_weight', 'int2'],
  ['gps_latitude', 'float8'],
  ['gps_longitude', 'float8'],
  ['is_periodic_inspection_enabled', 'bool'],
];

type GeneratedDevice = ReturnType<typeof makeDevice> & { id: number };

const deviceRecord = (d: GeneratedDevice) => ({
  id: d.id,
  type: d.type,
  name: d.name,
  category_id: d.categoryId,
  customer_id: d.customerId,
  serial_number: d.serialNumber,
  source_power: d.sourcePower,
  transfer_date: d.transferDate,
  warranty_length: d.warrantyLength,
  warranty: d.warranty,
  street_address: d.streetAddress,
  zip_code: d.zipCode,
  city: d.city,
  province: d.province,
  status: d.status,
  status_weight: d.statusWeight,
  gps_latitude: d.gpsLatitude,
  gps_longitude: d.gpsLongitude,
  is_periodic_inspection_enabled: d.isPeriodicInspectionEnabled,
});

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at ~20 columns a row. */
const BATCH = 1000;

async function insertInBatches<T>(
  total: number,
  make: (index: number) => T,
  write: (rows: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < total; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - start) }, (_, i) => make(start + i));
    await write(rows);
    if (total >= 20_000 && (start / BATCH) % 20 === 19) {
      process.stdout.write(`  ${start + rows.length} / ${total}\n`);
    }
  }
}

async function ensureEmpty(db: Db, reset: boolean) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(devices);
  const [cust] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
  if (row.n === 0 && cust.n === 0) return;
  if (!reset) {
    throw new Error(
      `Baza ma już ${row.n} maszyn i ${cust.n} kontrahentów. Uruchom z --reset, aby je usunąć (wraz z zależnymi danymi).`,
    );
  }
  // CASCADE empties what refers to them too (services, notes, files, …): the database is a bench copy.
  await db.execute(sql`TRUNCATE ${devices}, ${customers}, ${categories}, ${logs} RESTART IDENTITY CASCADE`);
}

async function ensureBenchUser(db: Db, email: string, password: string) {
  if (await findUserByEmail(db, email)) return;
  await insertUser(db, {
    userName: 'Benchmark',
    firstName: 'Test',
    lastName: 'Wydajności',
    email,
    passwordHash: await hashPassword(password),
    roles: ['ADMIN'],
  });
}

/** The employees who write the protocols (created once; their ids either way). */
async function ensureTechnicians(db: Db): Promise<number[]> {
  const ids: number[] = [];
  // Nobody logs in as them: one hash of a random password is enough.
  const passwordHash = await hashPassword(crypto.randomUUID());
  for (const technician of technicians()) {
    const found = await findUserByEmail(db, technician.email);
    ids.push((found ?? (await insertUser(db, { ...technician, passwordHash, roles: ['USER'] }))).id);
  }
  return ids;
}

async function main() {
  refuseUnknownOptions(BENCH_OPTION_NAMES);
  const options = readOptions();
  console.log(`Baza: ${describeTarget(options)}`);
  const started = performance.now();
  const database = await openDatabase({ DATABASE_URL: options.databaseUrl, dataDir: options.dataDir });
  const { db } = database;
  try {
    await ensureEmpty(db, options.reset);
    await ensureBenchUser(db, options.email, options.password);
    const rng = random(options.seed);

    const categoryRows = await db
      .insert(categories)
      .values(categoryNames(options.categories).map((name) => ({ name })))
      .returning({ id: categories.id });
    const categoryIds = categoryRows.map((r) => r.id);

    const fleetCustomers: FleetCustomer[] = [];
    await insertInBatches(
      options.customers,
      (i) => makeCustomer(rng, i),
      async (rows) => {
        const saved = await db.insert(customers).values(rows).returning({
          id: customers.id,
          city: customers.city,
          province: customers.province,
          zipCode: customers.zipCode,
          streetAddress: customers.streetAddress,
        });
        fleetCustomers.push(...saved);
      },
    );
    console.log(`Kategorie: ${categoryIds.length}, kontrahenci: ${fleetCustomers.length}`);

    // Indexes grow slowly row by row (the trigram ones most); built once after the load they cost a fraction.
    const deviceIndexes = await dropIndexes(db, 'devices');
    const today = new Date();
    // A few big customers own many machines, most own a handful (squared uniform skews to the front).
    const customerFor = () => fleetCustomers[Math.floor(rng() * rng() * fleetCustomers.length)];
    const machines: FleetMachine[] = [];
    const machinesStarted = performance.now();
    for (let start = 0; start < options.machines; start += DEVICE_BATCH) {
      const rows = Array.from({ length: Math.min(DEVICE_BATCH, options.machines - start) }, (_, i) => ({
        id: start + i + 1,
        ...makeDevice(rng, start + i, customerFor(), categoryIds, today),
      }));
      await insertUnnest(db, 'devices', DEVICE_COLUMNS, rows.map(deviceRecord));
      for (const row of rows) {
        machines.push({
          id: row.id,
          customerId: row.customerId,
          internal: row.type === 'INTERNAL',
          transferDay: row.transferDate ? dayOf(row.transferDate) : null,
          warrantyLength: row.warrantyLength,
        });
      }
      if ((start / DEVICE_BATCH) % 10 === 9 || start + rows.length === options.machines) {
        const seconds = ((performance.now() - machinesStarted) / 1000).toFixed(0);
        process.stdout.write(`  maszyny ${start + rows.length} / ${options.machines} (${seconds} s)\n`);
      }
    }
    await continueSequence(db, 'devices');
    console.log(`Maszyny: ${options.machines}`);
    for (const definition of deviceIndexes) await db.execute(sql.raw(definition));
    console.log(`Indeksy maszyn odbudowane: ${deviceIndexes.length}`);

    const employeeIds = await ensureTechnicians(db);
    if (options.services > 0 && machines.length > 0) {
      await writeServices(db, {
        count: options.services,
        seed: options.seed,
        machines,
        employeeIds,
        today,
      });
      console.log(`Zdarzenia serwisowe: ${options.services}`);
    } else {
      // The inspection list reads the per-machine summaries, which bulk inserts do not write.
      await refreshAllInspectionSummaries(db);
    }

    await writeSideRecords(db, options, employeeIds);
    console.log(`Zadania: ${options.todos}, incydenty: ${options.incidents}, wpisy logu: ${options.logs}`);

    // Fresh statistics and visibility map, as autovacuum would leave them on a live server.
    await db.execute(sql`VACUUM ANALYZE ${devices}`);
    await db.execute(sql`VACUUM ANALYZE ${customers}`);
    await db.execute(sql`VACUUM ANALYZE ${categories}`);
    for (const table of [services, serviceDevices, inspectionSummaries, users, logs]) {
      await db.execute(sql`VACUUM ANALYZE ${table}`);
    }
    console.log(`Gotowe w ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(`Logowanie benchmarku: ${options.email} / ${options.password}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
