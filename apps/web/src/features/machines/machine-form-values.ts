import { DEFAULT_MACHINE_STATUS, type Device, type DeviceInsertInput } from '@serwis/domain';

/** What the machine form edits; selects hold ids as strings, empty dates and numbers as ''. */
export interface MachineFormValues {
  status: string;
  name: string;
  categoryId: string | null;
  customerId: string | null;
  serialNumber: string;
  sourcePower: string;
  transferDate: string | null;
  warrantyLength: number | string;
  warranty: string;
  streetAddress: string;
  zipCode: string;
  city: string;
  province: string | null;
}

export function toFormValues(device?: Device): MachineFormValues {
  return {
    status: device?.status ?? DEFAULT_MACHINE_STATUS,
    name: device?.name ?? '',
    categoryId: device?.category ? String(device.category.id) : null,
    customerId: device?.customer ? String(device.customer.id) : null,
    serialNumber: device?.serialNumber ?? '',
    sourcePower: device?.sourcePower ?? '',
    transferDate: device?.transferDate ? device.transferDate.slice(0, 10) : null,
    // 0 months reads as "no warranty given": the field stays blank.
    warrantyLength: device && device.warrantyLength > 0 ? device.warrantyLength : '',
    warranty: device?.warranty ?? '',
    streetAddress: device?.streetAddress ?? '',
    zipCode: device?.zipCode ?? '',
    city: device?.city ?? '',
    province: device?.province || null,
  };
}

/**
 * "Zapisz i dodaj kolejną": what the next machine of a delivery keeps (its customer, category, place,
 * handover and warranty); its name, serial number and power are typed anew.
 */
export const keptForNext = (values: MachineFormValues): MachineFormValues => ({
  ...values,
  name: '',
  serialNumber: '',
  sourcePower: '',
});

/** Spec §5: a negative number of months is blanked. */
export const blankNegative = (value: number | string) =>
  typeof value === 'number' && value < 0 ? '' : value;

/** The insert/update body of spec §7; the "Wybierz..." placeholder sends no id. */
export function toPayload(values: MachineFormValues): DeviceInsertInput {
  const months = blankNegative(values.warrantyLength);
  return {
    status: values.status,
    name: values.name,
    category: { id: values.categoryId ? Number(values.categoryId) : null } as DeviceInsertInput['category'],
    customer: { id: values.customerId ? Number(values.customerId) : null } as DeviceInsertInput['customer'],
    serialNumber: values.serialNumber,
    sourcePower: values.sourcePower,
    transferDate: values.transferDate ?? '',
    warrantyLength: months === '' ? 0 : Number(months),
    warranty: values.warranty,
    streetAddress: values.streetAddress,
    zipCode: values.zipCode,
    city: values.city,
    province: values.province ?? '',
  };
}

/** Schema paths (`category.id`) → form fields (`categoryId`), so each message sits under its input. */
export function toFieldErrors(errors: Record<string, React.ReactNode>) {
  const fields: Record<string, React.ReactNode> = {};
  for (const [path, message] of Object.entries(errors)) {
    const root = path.split('.')[0] ?? path;
    const field = root === 'category' ? 'categoryId' : root === 'customer' ? 'customerId' : root;
    fields[field] ??= message;
  }
  return fields;
}
