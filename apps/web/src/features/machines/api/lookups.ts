import { useQuery } from '@tanstack/react-query';
import type { Customer } from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { customerKeys } from '../../customers/api/customers';

/** A customer as `/api/customer/findAll` gives it: the select's name, and the form's contact line. */
export type CustomerOption = Customer;

export interface CategoryOption {
  id: number;
  name: string;
  count?: number;
}

/**
 * Every customer, for the selects of the machine and service forms and the machine filters: one
 * cache entry for all of them (5,000 customers are 1.5 MB of JSON). Under the customers' key, so
 * their own writes and an import refresh it; other writes (a note, a service event) leave it be.
 */
export function useCustomerOptions() {
  return useQuery({
    queryKey: [...customerKeys.all, 'options'],
    queryFn: () => api.get<CustomerOption[]>('/api/customer/findAll'),
    staleTime: 5 * 60_000,
    meta: { unchangedByWrites: true },
  });
}

/**
 * The customers as the forms' select options, with the record's own customer first when the list
 * lacks it (not loaded yet, or failed), so it still shows by name.
 */
export function customerSelectData(
  customers: CustomerOption[] | undefined,
  own?: Pick<CustomerOption, 'id' | 'shortName'>,
) {
  const data = (customers ?? []).map((c) => ({
    value: String(c.id),
    label: c.fullName && c.fullName !== c.shortName ? `${c.shortName} (${c.fullName})` : c.shortName,
  }));
  return withOwnOption(data, own && { value: String(own.id), label: own.shortName });
}

/** `options` with the record's own option first when they lack it (not loaded yet, or failed). */
export function withOwnOption<T extends { value: string }>(options: T[], own?: T): T[] {
  return own && !options.some((option) => option.value === own.value) ? [own, ...options] : options;
}

/** The categories; `fresh`: asked again whenever the screen opens (`isFetchedAfterMount` then tells). */
export function useCategoryOptions({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: ['machine-lookups', 'categories'],
    queryFn: () => api.get<CategoryOption[]>('/api/category/findAll'),
    staleTime: 60_000,
    refetchOnMount: fresh ? 'always' : true,
  });
}
