import { inArray, sql } from 'drizzle-orm';
import {
  COMPANY_FIELDS,
  COMPANY_LOGO,
  CONFIGURATION_DEFAULTS,
  companyDataSchema,
  type CompanyData,
} from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { configuration } from './configuration.table.js';

export type { CompanyData } from '@serwis/domain';

/** Stored values of `names`, with the defaults for those never written. */
export async function readConfiguration(
  db: DbOrTx,
  names: readonly string[],
): Promise<Record<string, string>> {
  const stored = await readStoredConfiguration(db, names);
  // A value saved blank counts as none: an emptied title gives the default, not a PDF without one.
  return Object.fromEntries(
    names.map((n) => [n, stored[n].trim() !== '' ? stored[n] : (CONFIGURATION_DEFAULTS[n] ?? '')]),
  );
}

/** The values as stored, '' for a setting never saved (no defaults): what a save compares against. */
export async function readStoredConfiguration(
  db: DbOrTx,
  names: readonly string[],
): Promise<Record<string, string>> {
  const rows = names.length
    ? await db
        .select()
        .from(configuration)
        .where(inArray(configuration.name, [...names]))
    : [];
  const stored = new Map(rows.map((r) => [r.name, r.value]));
  return Object.fromEntries(names.map((n) => [n, stored.get(n) ?? '']));
}

export async function readConfigurationValue(db: DbOrTx, name: string): Promise<string> {
  return (await readConfiguration(db, [name]))[name];
}

export async function writeConfiguration(db: DbOrTx, entries: Record<string, string>) {
  const values = Object.entries(entries).map(([name, value]) => ({ name, value }));
  if (!values.length) return;
  await db
    .insert(configuration)
    .values(values)
    .onConflictDoUpdate({
      target: configuration.name,
      set: { value: sql`excluded.value` },
    });
}

const companyName = (field: string) => `company/${field}`;

/** The company identity that heads every PDF ("Dane firmy"); empty strings for what is not set. */
export async function readCompanyData(db: DbOrTx): Promise<CompanyData> {
  const values = await readConfiguration(db, COMPANY_FIELDS.map(companyName));
  return companyDataSchema.parse(Object.fromEntries(COMPANY_FIELDS.map((f) => [f, values[companyName(f)]])));
}

/** The company logo (a PNG or JPEG data URL) or '' when none was set. */
export async function readCompanyLogo(db: DbOrTx): Promise<string> {
  return readConfigurationValue(db, COMPANY_LOGO);
}

export function companyEntries(data: Partial<CompanyData>): Record<string, string | undefined> {
  return Object.fromEntries(COMPANY_FIELDS.map((f) => [companyName(f), data[f]]));
}
