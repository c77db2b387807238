import { dueInText, polishPlural } from '@serwis/domain';
import type { CompanyData } from '@serwis/domain';

/** One machine of a digest. */
export interface DigestMachine {
  id: number;
  name: string;
  serialNumber: string;
  customerShortName: string;
  address: string;
  dueDate: string;
  daysLeft: number;
}

/**
 * "dzisiaj", "jutro", "za 5 dni" as the dashboard says them; a date gone by as a mail puts it,
 * "po terminie od 1 dnia", "po terminie od 3 dni".
 */
export function daysLeftText(days: number): string {
  if (days >= 0) return dueInText(days);
  return days === -1 ? 'po terminie od 1 dnia' : `po terminie od ${-days} dni`;
}

/** Polish plural of "maszyna" after a number. */
export const machinesWord = (n: number): string =>
  polishPlural(n, { one: 'maszyna', few: 'maszyny', many: 'maszyn' });

export const machineCardUrl = (baseUrl: string, id: number) => `${baseUrl}/machineEdit?id=${id}`;

/** The employees' digest: every machine with its card link. */
export function staffDigest(machines: readonly DigestMachine[], today: string, baseUrl: string) {
  const lines = machines.map((m, i) =>
    [
      `${i + 1}. ${m.name}${m.serialNumber ? `, nr seryjny ${m.serialNumber}` : ''}`,
      `   Kontrahent: ${m.customerShortName}`,
      `   Adres: ${m.address || '—'}`,
      `   Termin przeglądu: ${m.dueDate} (${daysLeftText(m.daysLeft)})`,
      `   Karta maszyny: ${machineCardUrl(baseUrl, m.id)}`,
    ].join('\n'),
  );
  return {
    subject: `Przeglądy do wykonania: ${machines.length} ${machinesWord(machines.length)}`,
    text: [
      'Dzień dobry,',
      '',
      `zbliżają się lub minęły terminy przeglądów okresowych (gwarancyjnych) tych maszyn (stan na ${today}):`,
      '',
      lines.join('\n\n'),
      '',
      '--',
      'Wiadomość wysłana automatycznie przez aplikację Serwis.',
      'Powiadomienia można zmienić w zakładce Moje konto → Powiadomienia.',
      '',
    ].join('\n'),
  };
}

function companyFooter(company: CompanyData): string[] {
  const place = [company.zipCode, company.city].filter(Boolean).join(' ');
  const ids = [company.nip && `NIP: ${company.nip}`, company.regon && `REGON: ${company.regon}`]
    .filter(Boolean)
    .join(', ');
  const contact = [company.phone && `tel. ${company.phone}`, company.email, company.www].filter(Boolean);
  return [company.name, company.street, place, ids, contact.join(', ')].filter(Boolean);
}

/** The customer's notice: polite, no internal links, signed with the company data. */
export function customerNotice(machines: readonly DigestMachine[], company: CompanyData) {
  const lines = machines.map((m, i) => {
    const when =
      m.daysLeft < 0
        ? `termin przeglądu minął ${m.dueDate}`
        : `termin przeglądu: ${m.dueDate} (${daysLeftText(m.daysLeft)})`;
    const serial = m.serialNumber ? `, nr seryjny ${m.serialNumber}` : '';
    const address = m.address ? `, miejsce pracy: ${m.address}` : '';
    return `${i + 1}. ${m.name}${serial}${address}; ${when}.`;
  });
  return {
    subject: `Przypomnienie o przeglądzie okresowym – ${company.name}`,
    text: [
      'Szanowni Państwo,',
      '',
      'uprzejmie przypominamy o terminie przeglądu okresowego Państwa maszyn:',
      '',
      ...lines,
      '',
      'Regularne przeglądy zapewniają bezpieczną pracę maszyn i zachowanie gwarancji.',
      'Prosimy o kontakt w celu uzgodnienia dogodnego terminu wizyty serwisu.',
      '',
      'Z poważaniem',
      ...companyFooter(company),
      '',
    ].join('\n'),
  };
}
