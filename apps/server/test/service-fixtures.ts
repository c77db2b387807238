import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/database.js';
import { categories } from '../src/modules/categories/categories.table.js';
import { customers } from '../src/modules/customers/customers.table.js';
import { devices } from '../src/modules/devices/devices.table.js';
import { refreshInspectionSummaries } from '../src/modules/inspections/inspection-summaries.js';
import { logs } from '../src/modules/logs/logs.table.js';
import { serviceDevices, services } from '../src/modules/services/services.table.js';

/**
 * Rows written straight into the tables, for tests of modules that read machines and service
 * events (inspections, to-dos, statistics) without going through the other modules' APIs.
 */

let seq = 0;
const next = () => ++seq;

export async function insertCustomer(db: DbOrTx, values: Partial<typeof customers.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(customers)
    .values({ shortName: `Klient ${n}`, fullName: `Klient ${n} sp. z o.o.`, city: 'Łódź', ...values })
    .returning();
  return row;
}

export async function insertCategory(db: DbOrTx, values: Partial<typeof categories.$inferInsert> = {}) {
  const [row] = await db
    .insert(categories)
    .values({ name: `Kategoria ${next()}`, ...values })
    .returning();
  return row;
}

export async function insertDevice(
  db: DbOrTx,
  values: Partial<typeof devices.$inferInsert> & { customerId: number; categoryId: number },
) {
  const [row] = await db
    .insert(devices)
    .values({ name: `Maszyna ${next()}`, type: 'INTERNAL', status: 'OK', statusWeight: 4, ...values })
    .returning();
  // Written around the devices module: keep the inspection summary as its writes do.
  await refreshInspectionSummaries(db, [row.id]);
  return row;
}

export interface ServiceFixture {
  userId: number;
  customerId: number;
  deviceIds: number[];
  date: string;
  types?: string[];
  state?: string;
  period?: number;
  number?: number;
  numberExtension?: string;
}

/** A service event and its machine links; month and year follow the date as the services module does. */
export async function insertService(db: DbOrTx, fixture: ServiceFixture) {
  const [year, month] = fixture.date.split('-').map(Number);
  const [row] = await db
    .insert(services)
    .values({
      date: fixture.date,
      year,
      month,
      number: fixture.number ?? 0,
      numberExtension: fixture.numberExtension ?? '',
      types: fixture.types ?? ['PRZEGLAD_OKRESOWY'],
      state: fixture.state ?? 'PODPISANY',
      period: fixture.period ?? -1,
      customerId: fixture.customerId,
      userCreatedId: fixture.userId,
    })
    .returning();
  if (fixture.deviceIds.length) {
    await db
      .insert(serviceDevices)
      .values(fixture.deviceIds.map((deviceId) => ({ serviceId: row.id, deviceId })));
  }
  await refreshInspectionSummaries(db, fixture.deviceIds);
  return row;
}

/** A customer, a category and one machine of theirs. */
export async function insertMachine(db: DbOrTx, values: Partial<typeof devices.$inferInsert> = {}) {
  const customer = await insertCustomer(db);
  const category = await insertCategory(db);
  const device = await insertDevice(db, { customerId: customer.id, categoryId: category.id, ...values });
  return { customer, category, device };
}

export function auditEntriesFor(db: DbOrTx, record: string) {
  return db.select().from(logs).where(eq(logs.arg1, record));
}
