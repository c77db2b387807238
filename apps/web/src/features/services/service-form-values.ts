import type { ReactNode } from 'react';
import {
  DEFAULT_PAYMENT_TYPE,
  INSPECTION_SERVICE_TYPE,
  formatNumberWithExtension,
  type Service,
} from '@serwis/domain';
import { companyToday } from '../../lib/company-time';

/** What the service form edits; a type alias so that the zod resolver takes it as a record. */
export type ServiceFormValues = {
  date: string | null;
  /** The number field as typed ("25A"); `number` and `numberExtension` are what it means. */
  numberText: string;
  number: number;
  numberExtension: string;
  isToSign: boolean;
  paymentType: string;
  types: string[];
  faultDescription: string;
  /** Months; '' when not given. */
  period: number | string;
  customerId: string | null;
  /** The "Maszyny" field: the event's machines' ids, as the multi-select holds them. */
  devices: string[];
  todo: string;
  file: File | null;
};

/** The `serviceJson` of spec §7 (the update adds the id). */
/** A type alias (not an interface) so that the zod resolver accepts it as a plain record. */
export type ServiceJsonBody = {
  id: number;
  date: string;
  number: number;
  numberExtension: string;
  paymentType: string;
  type: string[];
  customer: { id: number | null };
  isToSign: boolean;
  faultDescription: string;
  period: number;
  devices: { id: number }[];
  todo?: string;
};

/** The number as the event holds it; the form returns to this when "sign on save" is unticked. */
export function savedNumber(service?: Service) {
  const number = service?.number ?? 0;
  const numberExtension = number ? (service?.numberExtension ?? '') : '';
  return { numberText: formatNumberWithExtension(number, numberExtension), number, numberExtension };
}

/** The number the event holds, which its form takes back even above the limit of a typed one. */
export const heldNumber = (service?: Service) =>
  service?.number ? { number: service.number, extension: service.numberExtension ?? '' } : undefined;

/**
 * A machine the "Maszyny" field may hold: how it is named, and whose it counts as (an event's own
 * machine counts as the event's customer's, as the server judges it, even if it was sold on since).
 */
export interface MachineChoice {
  id: number;
  name: string;
  serialNumber?: string | null;
  customerId: number | null;
}

/** The event's own machines as the field's choices. */
export const choicesOf = (service: Service): MachineChoice[] =>
  service.devices.map((d) => ({ id: d.id, name: d.name, customerId: service.customer.id }));

export function toFormValues(
  service?: Service,
  defaults: { customerId?: number | null; devices?: readonly MachineChoice[] } = {},
): ServiceFormValues {
  const customerId = service?.customer.id ?? defaults.customerId;
  const devices = service ? service.devices : (defaults.devices ?? []);
  return {
    date: service ? service.date.slice(0, 10) : companyToday(),
    ...savedNumber(service),
    isToSign: service ? service.isToSign || service.state === 'PODPISANY' : false,
    paymentType: service?.paymentType ?? DEFAULT_PAYMENT_TYPE,
    types: service ? [...service.type] : [],
    faultDescription: service?.faultDescription ?? '',
    // Spec §3: a negative period means none.
    period: service && service.period >= 0 ? service.period : '',
    customerId: customerId ? String(customerId) : null,
    devices: devices.map((d) => String(d.id)),
    todo: service?.todo ?? '',
    file: null,
  };
}

export const isInspection = (types: readonly string[]) => types.includes(INSPECTION_SERVICE_TYPE);

/**
 * Spec §5: the period goes only with an inspection type and a value, otherwise -1. The to-do text
 * goes only when the sender may write it (admins); absent leaves the event's to-do unchanged.
 */
export function toServiceJson(
  values: ServiceFormValues,
  context: { id?: number; withTodo: boolean },
): ServiceJsonBody {
  const period =
    isInspection(values.types) && values.period !== '' && values.period !== null ? Number(values.period) : -1;
  return {
    id: context.id ?? 0,
    date: values.date ?? '',
    number: values.number,
    numberExtension: values.number ? values.numberExtension : '',
    paymentType: values.paymentType,
    type: values.types,
    customer: { id: values.customerId ? Number(values.customerId) : null },
    isToSign: values.isToSign,
    faultDescription: values.faultDescription,
    period: Number.isFinite(period) ? period : -1,
    devices: values.devices.map((id) => ({ id: Number(id) })),
    ...(context.withTodo ? { todo: values.todo } : {}),
  };
}

const FIELD_OF: Record<string, keyof ServiceFormValues> = {
  type: 'types',
  customer: 'customerId',
  customerId: 'customerId',
  number: 'numberText',
  numberExtension: 'numberText',
};

/** Schema paths (`customer.id`, `type.0`) → form fields, so each message sits under its input. */
export function toFieldErrors(errors: Record<string, ReactNode>) {
  const fields: Record<string, ReactNode> = {};
  for (const [path, message] of Object.entries(errors)) {
    const root = path.split('.')[0] ?? path;
    fields[FIELD_OF[root] ?? root] ??= message;
  }
  return fields;
}
