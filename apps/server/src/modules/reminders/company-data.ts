import type { Config } from '../../config.js';

/**
 * The company's own data as customers' notices and QR labels print it. Same shape as the
 * `CompanyData` of the configuration module (issue 8), which is not on this branch yet.
 */
export interface CompanyData {
  name: string;
  street: string;
  zipCode: string;
  city: string;
  nip: string;
  regon: string;
  phone: string;
  email: string;
  www: string;
}

/**
 * The one place the reminders and the labels get the company data from. Until the configuration
 * module lands it is the display name of MAIL_FROM ("Serwis <serwis@firma.pl>" → "Serwis") and
 * its address; at the merge this becomes `readCompanyData(db)`.
 */
export async function loadCompanyDataForMail(config: Pick<Config, 'MAIL_FROM'>): Promise<CompanyData> {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(config.MAIL_FROM);
  const name = match?.[1]?.trim() || 'Serwis';
  const email = match?.[2]?.trim() ?? (config.MAIL_FROM.includes('@') ? config.MAIL_FROM.trim() : '');
  return { name, street: '', zipCode: '', city: '', nip: '', regon: '', phone: '', email, www: '' };
}
