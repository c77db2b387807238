import { AUTO_NUMBER_LABEL, machineLabel, polishCount, polishPlural, type Service } from '@serwis/domain';

// The types' and payments' words are the domain's, as the CSV writes them.
export { machineLabel, paymentTypeLabel, serviceTypeLabel, serviceTypesLabel } from '@serwis/domain';

/** A machine in the event form's "Maszyny": "(id) name", and its S/N when known (a line of alike ones). */
export const machineChoiceLabel = (machine: { id: number; name: string; serialNumber?: string | null }) =>
  machine.serialNumber ? `${machineLabel(machine)}, S/N ${machine.serialNumber}` : machineLabel(machine);

/** How many of an event's machines a list row names; the rest are counted (the row opens them all). */
export const MACHINES_NAMED = 5;

/**
 * An event's machines as the service lists show them, "(id) name", the first five and how many
 * more: an event on 40 machines made its row 900 px tall, its number and date below the screen.
 */
export const machinesLabel = (service: Pick<Service, 'devices'>) =>
  fewNamed(service.devices.map(machineLabel));

/** Machines' names, the first five and how many more ("A, B, C, D, E i jeszcze 25 maszyn"). */
export const fewNamed = (names: readonly string[]) => {
  const named = names.slice(0, MACHINES_NAMED);
  const more = names.length - named.length;
  return more > 0
    ? `${named.join(', ')} i jeszcze ${polishCount(more)} ${polishPlural(more, { one: 'maszyna', few: 'maszyny', many: 'maszyn' })}`
    : named.join(', ');
};

/** How a row names its event in confirmations and labels: the number, or the id while unnumbered. */
export const serviceName = (service: Pick<Service, 'id' | 'number' | 'fullNumber' | 'date'>) =>
  service.number > 0
    ? `zdarzenie serwisowe nr ${service.fullNumber}`
    : `zdarzenie serwisowe bez numeru (id ${service.id}, ${service.date.slice(0, 10)})`;

/** The number column: the full number, or "(auto)" while the event is not numbered. */
export const numberLabel = (s: Pick<Service, 'number' | 'fullNumber'>) =>
  s.number > 0 ? s.fullNumber : AUTO_NUMBER_LABEL;
