import { AUTO_NUMBER_LABEL, PAYMENT_TYPES, SERVICE_TYPES, type Service } from '@serwis/domain';

/** Spec §9: fault descriptions are cut at 80 characters in tables (the tooltip shows the rest). */
export const FAULT_DESCRIPTION_CUT = 80;

/** `text` up to `max` characters, with an ellipsis when something was cut. */
export function truncateText(text: string, max = FAULT_DESCRIPTION_CUT): { short: string; cut: boolean } {
  const value = text ?? '';
  if (value.length <= max) return { short: value, cut: false };
  return { short: `${value.slice(0, max)}…`, cut: true };
}

const labelOf = (list: readonly { name: string; label: string }[]) => (name: string | null | undefined) =>
  list.find((item) => item.name === name)?.label ?? name ?? '';

export const serviceTypeLabel = labelOf(SERVICE_TYPES);
export const paymentTypeLabel = labelOf(PAYMENT_TYPES);

export const serviceTypesLabel = (types: readonly string[]) => types.map(serviceTypeLabel).join(', ');

/** Spec §2: the machines of an event as "(id) name", joined. */
export const machinesLabel = (service: Pick<Service, 'devices'>) =>
  service.devices.map((d) => `(${d.id}) ${d.name}`).join(', ');

/** How a row names its event in confirmations and labels: the number, or the id while unnumbered. */
export const serviceName = (service: Pick<Service, 'id' | 'number' | 'fullNumber' | 'date'>) =>
  service.number > 0
    ? `zdarzenie serwisowe nr ${service.fullNumber}`
    : `zdarzenie serwisowe bez numeru (id ${service.id}, ${service.date.slice(0, 10)})`;

/** The number column: the full number, or "(auto)" while the event is not numbered. */
export const numberLabel = (s: Pick<Service, 'number' | 'fullNumber'>) =>
  s.number > 0 ? s.fullNumber : AUTO_NUMBER_LABEL;
