import { z } from 'zod';
import { validationMessage } from '../messages.js';
import { MACHINE_TYPES, serviceStateLabel, type MachineType } from '../reference-data.js';
import { paymentTypeLabel, serviceTypesLabel } from '../texts/audit-fields.js';
import { listQuery } from './common.js';
import type { Service } from './services.js';

/** `GET /api/service/get-csv?family=INTERNAL|EXTERNAL&q=&sort=`: a list's rows, as the list finds them. */
export const serviceCsvQuery = listQuery
  .pick({ sort: true, q: true })
  .extend({ family: z.enum(MACHINE_TYPES, { error: validationMessage.wrongType }) });

/** A machine of an event as the service lists name it (spec §2): "(id) name". */
export const machineLabel = (device: { id: number; name: string }) => `(${device.id}) ${device.name}`;

/** The service lists' files, one per family, told apart when saved side by side. */
export const SERVICE_CSV_FILE_NAMES: Record<MachineType, string> = {
  INTERNAL: 'zdarzenia-serwisowe.csv',
  EXTERNAL: 'zdarzenia-serwisowe-zewnetrzne.csv',
};

/**
 * The columns of a service list's CSV: what its rows show, the states and kinds in words, the
 * machines by id and name (an auditor's file, an accountant's month, read in a spreadsheet).
 */
export const SERVICE_EXPORT_COLUMNS: {
  header: string;
  value: (service: Service) => string | number;
  /** Written as it is, for a spreadsheet to read as a number or a day; else kept as the text it is. */
  raw?: true;
}[] = [
  { header: 'Id', value: (s) => s.id, raw: true },
  { header: 'Numer', value: (s) => s.fullNumber },
  { header: 'Data', value: (s) => s.date.slice(0, 10), raw: true },
  { header: 'Stan', value: (s) => serviceStateLabel(s.state) },
  { header: 'Płatność', value: (s) => paymentTypeLabel(s.paymentType) },
  { header: 'Typ serwisu', value: (s) => serviceTypesLabel(s.type) },
  { header: 'Okres (miesiące)', value: (s) => (s.period >= 0 ? s.period : ''), raw: true },
  { header: 'Kontrahent', value: (s) => s.customer.shortName },
  { header: 'Maszyny', value: (s) => s.devices.map(machineLabel).join('; ') },
  { header: 'Pracownik', value: (s) => s.user },
  { header: 'Opis usterki', value: (s) => s.faultDescription },
  { header: 'Zadanie', value: (s) => s.todo ?? '' },
];
