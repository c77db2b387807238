import { describe, expect, it } from 'vitest';
import { companyDataSchema } from '@serwis/domain';
import { customerNotice, staffDigest, type DigestMachine } from './reminders.mails.js';

const machine: DigestMachine = {
  id: 7,
  name: 'Prasa krawędziowa',
  serialNumber: 'PK-1',
  customerShortName: 'Huta',
  address: 'ul. Żelazna 7, Katowice',
  dueDate: '2025-03-15',
  daysLeft: 5,
};

describe('reminder mails of one machine', () => {
  it('speak of that one machine in the singular', () => {
    const digest = staffDigest([machine], '2025-03-10', 'https://serwis.firma.pl');
    expect(digest.subject).toBe('Przeglądy do wykonania: 1 maszyna');
    expect(digest.text).toContain(
      'zbliża się lub minął termin przeglądu okresowego (gwarancyjnego) tej maszyny (stan na 2025-03-10):',
    );
    const notice = customerNotice([machine], companyDataSchema.parse({ name: 'Mech-Pol' }));
    expect(notice.text).toContain('uprzejmie przypominamy o terminie przeglądu okresowego Państwa maszyny:');
    expect(notice.text).not.toContain('maszyn:');
  });
});
