import type { DeviceFilterInput } from '@serwis/domain';

/** The filter panel's values as the user sees them; dates are Mantine's `YYYY-MM-DD` strings. */
export interface MachineFilters {
  id: string;
  /** Polish status labels, as spec §7 sends them. */
  statuses: string[];
  customer: string;
  categories: string[];
  /**
   * The ids of `categories`, in the same order, as they were when applied: a category renamed since
   * is filtered by its new name, one deleted since is left out (withCurrentCategories). Empty in a
   * state kept by an older version: its categories are found by name.
   */
  categoryIds: number[];
  serialNumber: string;
  sourcePower: string;
  dateFrom: string | null;
  dateTo: string | null;
  warranty: string;
  street: string;
  zipCode: string;
  city: string;
  provinces: string[];
  /** A part of the machine: its name, serial, producer or description (domain partKey). */
  part: string;
}

export const EMPTY_FILTERS: MachineFilters = {
  id: '',
  statuses: [],
  customer: '',
  categories: [],
  categoryIds: [],
  serialNumber: '',
  sourcePower: '',
  dateFrom: null,
  dateTo: null,
  warranty: '',
  street: '',
  zipCode: '',
  city: '',
  provinces: [],
  part: '',
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
    part: filters.part.trim(),
  };
}

interface NamedCategory {
  id: number;
  name: string;
}

/** The filters as applied, with the ids of their categories (-1: a name no category has). */
export function withCategoryIds(filters: MachineFilters, options: readonly NamedCategory[]): MachineFilters {
  const byName = new Map(options.map((c) => [c.name, c.id]));
  return { ...filters, categoryIds: filters.categories.map((name) => byName.get(name) ?? -1) };
}

/**
 * The applied filters with their categories as they are now: each by its id when it was kept (its
 * current name), else by its name; `gone` names those no category answers to any more.
 */
export function withCurrentCategories(
  filters: MachineFilters,
  options: readonly NamedCategory[],
): { filters: MachineFilters; gone: string[] } {
  if (!filters.categories.length) return { filters, gone: [] };
  const byId = new Map(options.map((c) => [c.id, c]));
  const byName = new Map(options.map((c) => [c.name, c]));
  const kept: NamedCategory[] = [];
  const gone: string[] = [];
  filters.categories.forEach((name, i) => {
    const id = filters.categoryIds[i];
    const now = id !== undefined && id >= 0 ? byId.get(id) : byName.get(name);
    if (now) kept.push(now);
    else gone.push(name);
  });
  const categories = kept.map((c) => c.name);
  const same = gone.length === 0 && categories.every((name, i) => name === filters.categories[i]);
  return {
    filters: same ? filters : { ...filters, categories, categoryIds: kept.map((c) => c.id) },
    gone,
  };
}
