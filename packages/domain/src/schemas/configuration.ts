import { z } from 'zod';
import { MAX } from '../limits.js';
import { isEmailAddress } from '../rules/email-address.js';
import { validationMessage } from '../messages.js';
import { line, text } from './common.js';

/** Names of the company data entries in the configuration (issue 8). */
export const COMPANY_FIELDS = [
  'name',
  'street',
  'zipCode',
  'city',
  'nip',
  'regon',
  'phone',
  'email',
  'www',
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

export const INSTALLATION_PROTOCOL_TITLE = 'pdf/installation-protocol/title';
/** The optional company logo: a PNG or JPEG data URL shown at the top of every PDF. */
export const COMPANY_LOGO = 'company/logo';
export const COMPANY_LOGO_MAX = 400_000;
export const companyLogoSchema = z.object({
  value: z
    .string()
    .max(COMPANY_LOGO_MAX, 'Logo może mieć najwyżej 300 KB.')
    .refine(
      (v) => v === '' || /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(v),
      'Logo musi być obrazem PNG lub JPEG.',
    ),
});
export const INSTALLATION_PROTOCOL_TABLE_HEADER = 'pdf/installation-protocol/table-header';

/** Every configuration name the server knows, with the value it answers while none is stored. */
export const CONFIGURATION_DEFAULTS: Record<string, string> = {
  [INSTALLATION_PROTOCOL_TITLE]: 'Protokół montażu',
  [INSTALLATION_PROTOCOL_TABLE_HEADER]: 'Czynności montażowe',
  ...Object.fromEntries(COMPANY_FIELDS.map((f) => [`company/${f}`, ''])),
  [COMPANY_LOGO]: '',
};
export const CONFIGURATION_NAMES = Object.keys(CONFIGURATION_DEFAULTS);

export const CONFIGURATION_VALUE_MAX = 2000;

export const configurationQuery = z.object({ name: z.string().max(200) });
export const configurationValueSchema = z.object({ value: z.string() });
export const configurationWriteSchema = z.object({
  name: z.string().max(200),
  value: text(CONFIGURATION_VALUE_MAX),
});
export type ConfigurationWrite = z.infer<typeof configurationWriteSchema>;
export const configurationEntrySchema = z.object({ name: z.string(), value: z.string() });

/** The company identity that heads every PDF ("Dane firmy"). */
export const companyDataSchema = z.object({
  name: line(MAX.name),
  street: line(MAX.name),
  zipCode: line(20),
  city: line(MAX.short),
  nip: line(20),
  regon: line(20),
  phone: line(50),
  email: z
    .string({ error: validationMessage.wrongType })
    .trim()
    .max(MAX.email, validationMessage.tooLong(MAX.email))
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isEmailAddress(v), 'Nieprawidłowy adres email'),
  www: text(MAX.name),
});
export type CompanyData = z.infer<typeof companyDataSchema>;

/** The "Dane firmy" tab: company data plus the two installation-protocol texts, in one save. */
export const companySettingsSchema = companyDataSchema.extend({
  installationProtocolTitle: text(CONFIGURATION_VALUE_MAX),
  installationProtocolTableHeader: text(CONFIGURATION_VALUE_MAX),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
/**
 * The body of its save: a field left out keeps its stored value ('' or null empties it), so two
 * administrators changing different fields of the tab do not undo each other's change.
 */
export const companySettingsChangeSchema = companySettingsSchema.partial();
export type CompanySettingsChange = z.infer<typeof companySettingsChangeSchema>;

/** The answer shape of the company settings (plain strings, no input transforms). */
export const companySettingsResponse = z.object(
  Object.fromEntries(
    [...COMPANY_FIELDS, 'installationProtocolTitle', 'installationProtocolTableHeader'].map((k) => [
      k,
      z.string(),
    ]),
  ) as Record<CompanyField | 'installationProtocolTitle' | 'installationProtocolTableHeader', z.ZodString>,
);

/** The "Dane firmy" tab's fields as the form labels them; the log names a setting by them too. */
export const COMPANY_SETTING_LABELS: Record<keyof CompanySettings, string> = {
  name: 'Nazwa firmy',
  street: 'Ulica',
  zipCode: 'Kod pocztowy',
  city: 'Miejscowość',
  nip: 'NIP',
  regon: 'REGON',
  phone: 'Telefon',
  email: 'E-mail',
  www: 'Strona www',
  installationProtocolTitle: 'Tytuł protokołu montażu (PDF)',
  installationProtocolTableHeader: 'Nagłówek tabeli protokołu montażu (PDF)',
};

/** A setting of the "Dane firmy" tab by its field's label ("Telefon"); null for any other setting. */
export function companySettingLabel(name: string): string | null {
  if (name === INSTALLATION_PROTOCOL_TITLE) return COMPANY_SETTING_LABELS.installationProtocolTitle;
  if (name === INSTALLATION_PROTOCOL_TABLE_HEADER)
    return COMPANY_SETTING_LABELS.installationProtocolTableHeader;
  const field = name.slice('company/'.length) as CompanyField;
  return name.startsWith('company/') && COMPANY_FIELDS.includes(field) ? COMPANY_SETTING_LABELS[field] : null;
}

/** A setting as the log names it ("zmiana ustawienia „logo firmy”"), not by its key. */
export function configurationLabel(name: string): string {
  if (name === COMPANY_LOGO) return 'logo firmy';
  const label = companySettingLabel(name);
  if (label === null) return name;
  return name.startsWith('company/') ? `Dane firmy: ${label}` : label;
}
