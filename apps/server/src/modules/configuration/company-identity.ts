import { REMINDER_MAIL, type CompanyData } from '@serwis/domain';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/database.js';
import { readCompanyData } from './configuration.repository.js';

export type { CompanyData };

/**
 * The company's own data as its documents print it (protocols, customers' notices, e-mails, QR
 * labels): "Dane firmy" of /myAccount. Until an administrator fills it in, the name and address of
 * MAIL_FROM ("Serwis <serwis@firma.pl>" → "Serwis", serwis@firma.pl) stand in, so nothing a
 * customer receives goes unsigned.
 */
export async function loadCompanyIdentity(
  db: DbOrTx,
  config: Pick<Config, 'MAIL_FROM'>,
): Promise<CompanyData> {
  const company = await readCompanyData(db);
  if (company.name) return company;
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(config.MAIL_FROM);
  const name = match?.[1]?.trim() || 'Serwis';
  const email = match?.[2]?.trim() ?? (config.MAIL_FROM.includes('@') ? config.MAIL_FROM.trim() : '');
  return { ...company, name, email: company.email || email };
}

/**
 * The lines under "Z poważaniem" in a customer's e-mail (an inspection notice, a signed protocol):
 * the company's name, address, NIP/REGON and contacts, each only when filled in.
 */
export function companySignature(company: CompanyData): string[] {
  const place = [company.zipCode, company.city].filter(Boolean).join(' ');
  const ids = [
    company.nip && REMINDER_MAIL.nip(company.nip),
    company.regon && REMINDER_MAIL.regon(company.regon),
  ]
    .filter(Boolean)
    .join(', ');
  const contact = [company.phone && REMINDER_MAIL.phone(company.phone), company.email, company.www].filter(
    Boolean,
  );
  return [company.name, company.street, place, ids, contact.join(', ')].filter(Boolean);
}
