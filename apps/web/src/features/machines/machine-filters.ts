import type { DeviceFilterInput } from '@serwis/domain';

/** The filter panel's values as the user sees them; dates are Mantine's `YYYY-MM-DD` strings. */
export interface MachineFilters {
  id: string;
  /** Polish status labels, as spec §7 sends them. */
  statuses: string[];
  customer: string;
  categories: string[];
  serialNumber: string;
  sourcePower: string;
  dateFrom: string | null;
  dateTo: string | null;
  warranty: string;
  street: string;
  zipCode: string;
  city: string;
  provinces: string[];
}

export const EMPTY_FILTERS: MachineFilters = {
  id: '',
  statuses: [],
  customer: '',
  categories: [],
  serialNumber: '',
  sourcePower: '',
  dateFrom: null,
  dateTo: null,
  warranty: '',
  street: '',
  zipCode: '',
  city: '',
  provinces: [],
};

/** True when any filter narrows the list (the panel's chevron turns red and double). */
export function hasActiveFilters(filters: MachineFilters) {
  return Object.values(filters).some((value) =>
    Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '',
  );
}

/** Filter dates go to the server as midnight of that day, or empty (spec §5). */
export const filterDate = (value: string | null) => (value ? `${value.slice(0, 10)}T00:00:00` : '');

export function toFilterBody(filters: MachineFilters): DeviceFilterInput {
  const id = filters.id.trim();
  return {
    id: /^\d+$/.test(id) ? Number(id) : id,
    statuses: filters.statuses,
    customer: filters.customer.trim(),
    categories: filters.categories,
    serialNumber: filters.serialNumber.trim(),
    sourcePower: filters.sourcePower.trim(),
    dateFrom: filterDate(filters.dateFrom),
    dateTo: filterDate(filters.dateTo),
    warranty: filters.warranty.trim(),
    street: filters.street.trim(),
    zipCode: filters.zipCode.trim(),
    city: filters.city.trim(),
    provinces: filters.provinces,
  };
}
