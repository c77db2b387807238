import type { DeviceFilter, MachineType } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { devices } from './devices.table.js';

/**
 * What one list request asks for: the family (the two machine lists) or the owning category or
 * customer (their machines of both families), the filter body and the free-text `q`.
 */
export interface DeviceCriteria {
  family?: MachineType;
  owner?: { categoryId: number } | { customerId: number };
  filter?: DeviceFilter;
  q?: string;
  /** The values of the family's text filters that match, when read (devices.filter-values.ts). */
  values?: FilterValues;
  /**
   * The customers and categories `q` names, by id, when read (withSearchedOwners): constants the
   * planner estimates from their statistics, where it takes a subquery's ids for ten of anything
   * (a category branch alone for 5 % of the machines).
   */
  searched?: SearchedOwners;
}

/**
 * A walk that takes a list's first `upTo` + 1 matches in list order, to count the list to its bound
 * and cut its first pages from (devices.routes.ts, walkedFirst): the signature walk's
 * (signatureWalkFirst) or the known-matches walk's (knownMatchesFirst). `familySize` is the family's
 * kept size, `estimate` the planner's estimate of the matches; undefined when the walk would not pay.
 */
export type FirstMatchesWalk = (
  db: Db,
  criteria: DeviceCriteria,
  sort: string | undefined,
  upTo: number,
  familySize: number,
  estimate: () => Promise<number>,
) => Promise<number[] | undefined>;

/**
 * The text filters that may be answered by their values (devices.filter-values.ts): the columns
 * whose distinct values the database keeps (device_values), each with a `(type, column, id)` B-tree
 * and a `(type, column, status_weight, id)` one (devices.value-walk.ts).
 */
export const VALUE_FILTER_COLUMNS = {
  city: { column: devices.city, name: 'city' },
  street: { column: devices.streetAddress, name: 'street_address' },
  zipCode: { column: devices.zipCode, name: 'zip_code' },
  sourcePower: { column: devices.sourcePower, name: 'source_power' },
  warranty: { column: devices.warranty, name: 'warranty' },
} as const;
export type ValueFilterField = keyof typeof VALUE_FILTER_COLUMNS;
export interface FilterValues extends Partial<Record<ValueFilterField, string[]>> {
  /** The customers the customer filter names, by id (read once, `ownersNamed`). */
  customers?: number[];
  /** The categories the category filter names, by id. */
  categories?: number[];
}
export const isValueFilterField = (field: string): field is ValueFilterField => field in VALUE_FILTER_COLUMNS;

/** The customers and the categories a long search term names, by id (see `longSearch`'s `owners`). */
export interface SearchedOwners {
  customers: number[];
  categories: number[];
}
