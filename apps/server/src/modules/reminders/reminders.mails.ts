import { MAIL_GREETING, REMINDER_MAIL } from '@serwis/domain';
import type { CompanyData } from '@serwis/domain';
import { companySignature } from '../configuration/company-identity.js';

// The texts live in the domain with the rest of the user's Polish; the job's log names them too.

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

export const machineCardUrl = (baseUrl: string, id: number) => `${baseUrl}/machineEdit?id=${id}`;

/** The employees' digest: every machine with its card link. */
export function staffDigest(machines: readonly DigestMachine[], today: string, baseUrl: string) {
  const lines = machines.map((m, i) =>
    [
      `${i + 1}. ${REMINDER_MAIL.machine(m.name, m.serialNumber)}`,
      `   ${REMINDER_MAIL.customer(m.customerShortName)}`,
      `   ${REMINDER_MAIL.address(m.address)}`,
      `   ${REMINDER_MAIL.due(m.dueDate, m.daysLeft)}`,
      `   ${REMINDER_MAIL.card(machineCardUrl(baseUrl, m.id))}`,
    ].join('\n'),
  );
  return {
    subject: REMINDER_MAIL.staffSubject(machines.length),
    text: [
      MAIL_GREETING,
      '',
      REMINDER_MAIL.staffIntro(today, machines.length),
      '',
      lines.join('\n\n'),
      '',
      '--',
      ...REMINDER_MAIL.staffSignature,
      '',
    ].join('\n'),
  };
}

/** The customer's notice: polite, no internal links, signed with the company data. */
export function customerNotice(machines: readonly DigestMachine[], company: CompanyData) {
  const lines = machines.map((m, i) => `${i + 1}. ${REMINDER_MAIL.customerMachine(m)}`);
  return {
    subject: REMINDER_MAIL.customerSubject(company.name),
    text: [
      REMINDER_MAIL.customerGreeting,
      '',
      REMINDER_MAIL.customerIntro(machines.length),
      '',
      ...lines,
      '',
      ...REMINDER_MAIL.customerClosing,
      '',
      REMINDER_MAIL.regards,
      ...companySignature(company),
      '',
    ].join('\n'),
  };
}
