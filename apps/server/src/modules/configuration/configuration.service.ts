import {
  COMPANY_LOGO,
  CONFIGURATION_NAMES,
  companyLogoSchema,
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
  writeConfiguration,
} from './configuration.repository.js';

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
    await writeConfiguration(tx, { [name]: value });
    await audit(tx, actor, `zmiana ustawienia „${configurationLabel(name)}”`, `configuration:${name}`);
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
      await writeConfiguration(tx, Object.fromEntries(named));
      await audit(tx, actor, 'zmiana danych firmy i tekstów protokołu montażu', 'configuration:company');
    });
  }
  return readCompanySettings(db);
}
