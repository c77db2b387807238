import {
  COMPANY_LOGO,
  CONFIGURATION_NAMES,
  companyLogoSchema,
  companySettingLabel,
  configurationLabel,
  INSTALLATION_PROTOCOL_TABLE_HEADER,
  INSTALLATION_PROTOCOL_TITLE,
  PROTOCOL_MSG,
  type CompanySettings,
  type CompanySettingsChange,
  type SessionUser,
} from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import {
  companyEntries,
  readCompanyData,
  readConfiguration,
  readStoredConfiguration,
  writeConfiguration,
} from './configuration.repository.js';

/**
 * A save that changes nothing a reader sees: the value stored, or, where none is stored, the default
 * shown in its place ("Protokół montażu" sent back as it was read).
 */
async function unchangedSettings(tx: DbOrTx, entries: readonly (readonly [string, string])[]) {
  const names = entries.map(([name]) => name);
  const [stored, shown] = [await readStoredConfiguration(tx, names), await readConfiguration(tx, names)];
  return new Set(
    entries
      .filter(
        ([name, value]) => stored[name] === value || (stored[name].trim() === '' && shown[name] === value),
      )
      .map(([name]) => name),
  );
}

export function assertKnownName(name: string) {
  if (!CONFIGURATION_NAMES.includes(name)) throw notFound(PROTOCOL_MSG.configurationUnknown);
}

export async function setConfigurationValue(db: Db, actor: SessionUser, name: string, value: string) {
  assertKnownName(name);
  // The logo is a picture: it goes through PUT /api/configuration/company-logo and its checks.
  if (name === COMPANY_LOGO && value && !companyLogoSchema.safeParse({ value }).success) {
    throw badRequest(companyLogoSchema.safeParse({ value }).error!.issues[0].message, 'VALIDATION');
  }
  await inTransaction(db, async (tx) => {
    // A save repeating the stored value changes nothing: no write, no log entry.
    if ((await unchangedSettings(tx, [[name, value]])).has(name)) return;
    await writeConfiguration(tx, { [name]: value });
    // Emptied (spaces count as empty), the setting is back to its default: said as such.
    const what = value.trim() ? 'zmiana' : 'wyczyszczenie';
    await audit(tx, actor, `${what} ustawienia „${configurationLabel(name)}”`, `configuration:${name}`);
  });
  return { name, value };
}

/** The "Dane firmy" tab: the company data and the two installation-protocol texts. */
export async function readCompanySettings(db: DbOrTx): Promise<CompanySettings> {
  const texts = await readConfiguration(db, [
    INSTALLATION_PROTOCOL_TITLE,
    INSTALLATION_PROTOCOL_TABLE_HEADER,
  ]);
  return {
    ...(await readCompanyData(db)),
    installationProtocolTitle: texts[INSTALLATION_PROTOCOL_TITLE],
    installationProtocolTableHeader: texts[INSTALLATION_PROTOCOL_TABLE_HEADER],
  };
}

export async function saveCompanySettings(db: Db, actor: SessionUser, input: CompanySettingsChange) {
  const { installationProtocolTitle, installationProtocolTableHeader, ...company } = input;
  // A field the body leaves out keeps its value (companySettingsChangeSchema).
  const named = Object.entries({
    ...companyEntries(company),
    [INSTALLATION_PROTOCOL_TITLE]: installationProtocolTitle,
    [INSTALLATION_PROTOCOL_TABLE_HEADER]: installationProtocolTableHeader,
  }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (named.length) {
    await inTransaction(db, async (tx) => {
      // Only what differs from the stored value is written, and the log names those fields; a save
      // repeating every value writes nothing.
      const unchanged = await unchangedSettings(tx, named);
      const changed = named.filter(([name]) => !unchanged.has(name));
      if (!changed.length) return;
      await writeConfiguration(tx, Object.fromEntries(changed));
      const fields = changed.map(([name]) => companySettingLabel(name) ?? name);
      await audit(tx, actor, `zmiana danych firmy: ${fields.join(', ')}`, 'configuration:company');
    });
  }
  return readCompanySettings(db);
}
