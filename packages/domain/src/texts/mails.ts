import { APP_NAME } from '../messages.js';
import { dueInText, polishPlural } from '../rules/numbers.js';

/**
 * The sentences of the e-mails the server sends. The mail builders on the server keep the layout
 * (numbering, indentation, blank lines); the words are here, with the rest of the user's Polish.
 */

/** Why a generated password is mailed: a reset asked for, or a new account. */
export type NewPasswordReason = 'reset' | 'new-account';

/** Shared by the e-mails that open with a plain greeting. */
export const MAIL_GREETING = 'Dzień dobry,';

/** The e-mail carrying a generated password (auth.mails.ts). */
export const PASSWORD_MAIL = {
  subject: (reason: NewPasswordReason) =>
    reason === 'reset' ? `${APP_NAME}: nowe hasło` : `${APP_NAME}: Twoje konto`,
  intro: (reason: NewPasswordReason) =>
    reason === 'reset'
      ? `Na Twoją prośbę wygenerowaliśmy nowe hasło do systemu ${APP_NAME}.`
      : `Utworzono dla Ciebie konto w systemie ${APP_NAME}.`,
  address: (appUrl: string) => `Adres: ${appUrl}/login`,
  login: (email: string) => `Login: ${email}`,
  password: (password: string) => `Hasło: ${password}`,
  changeIt: 'Po zalogowaniu zmień hasło w zakładce Moje konto → Zarządzanie kontem.',
  /** A new account saved as not active: its password is refused until an administrator switches it on. */
  notActiveYet: 'Konto nie jest jeszcze aktywne: zalogujesz się, gdy administrator je włączy.',
  noReply: 'Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.',
} as const;

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

/**
 * A signed protocol sent to the customer ("Wyślij do klienta", protocols.delivery.ts): the same
 * register as the inspection notice ("Szanowni Państwo", "Z poważaniem", the company's signature).
 */
export const PROTOCOL_MAIL = {
  subject: (title: string, fullNumber: string) => `${title} nr ${fullNumber}`,
  intro: (fullNumber: string, date: string) =>
    `w załączeniu przesyłamy podpisany protokół nr ${fullNumber} z dnia ${date}.`,
} as const;

/** The inspection reminders (reminders.mails.ts): the employees' digest and the customer's notice. */
export const REMINDER_MAIL = {
  staffSubject: (count: number) => `Przeglądy do wykonania: ${count} ${machinesWord(count)}`,
  staffIntro: (today: string, count: number) =>
    count === 1
      ? `zbliża się lub minął termin przeglądu okresowego (gwarancyjnego) tej maszyny (stan na ${today}):`
      : `zbliżają się lub minęły terminy przeglądów okresowych (gwarancyjnych) tych maszyn (stan na ${today}):`,
  /** A digest's machine: its name and serial number. */
  machine: (name: string, serialNumber: string) =>
    `${name}${serialNumber ? `, nr seryjny ${serialNumber}` : ''}`,
  customer: (shortName: string) => `Kontrahent: ${shortName}`,
  address: (address: string) => `Adres: ${address || '—'}`,
  due: (dueDate: string, daysLeft: number) => `Termin przeglądu: ${dueDate} (${daysLeftText(daysLeft)})`,
  card: (url: string) => `Karta maszyny: ${url}`,
  staffSignature: [
    `Wiadomość wysłana automatycznie przez aplikację ${APP_NAME}.`,
    'Powiadomienia można zmienić w zakładce Moje konto → Powiadomienia.',
  ],
  customerSubject: (companyName: string) => `Przypomnienie o przeglądzie okresowym – ${companyName}`,
  customerGreeting: 'Szanowni Państwo,',
  customerIntro: (count: number) =>
    count === 1
      ? 'uprzejmie przypominamy o terminie przeglądu okresowego Państwa maszyny:'
      : 'uprzejmie przypominamy o terminach przeglądów okresowych Państwa maszyn:',
  /**
   * A notice's machine, one sentence: no internal links, and the date alone (no "jutro"): the
   * notice may go out days after it was written (a mail server away) and be read later still.
   */
  customerMachine: (m: {
    name: string;
    serialNumber: string;
    address: string;
    dueDate: string;
    daysLeft: number;
  }) => {
    const when = m.daysLeft < 0 ? `termin przeglądu minął ${m.dueDate}` : `termin przeglądu: ${m.dueDate}`;
    const serial = m.serialNumber ? `, nr seryjny ${m.serialNumber}` : '';
    const address = m.address ? `, miejsce pracy: ${m.address}` : '';
    return `${m.name}${serial}${address}; ${when}.`;
  },
  customerClosing: [
    'Regularne przeglądy zapewniają bezpieczną pracę maszyn i zachowanie gwarancji.',
    'Prosimy o kontakt w celu uzgodnienia dogodnego terminu wizyty serwisu.',
  ],
  regards: 'Z poważaniem',
  nip: (nip: string) => `NIP: ${nip}`,
  regon: (regon: string) => `REGON: ${regon}`,
  phone: (phone: string) => `tel. ${phone}`,
} as const;
