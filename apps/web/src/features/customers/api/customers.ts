import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { polishNipDigits, type Customer, type CustomerDependants, type CustomerInsert } from '@serwis/domain';
import type { MachinesPageQuery } from '../../../components/machines-of-table';
import { api } from '../../../lib/api-client';

export const customerKeys = {
  all: ['customers'] as const,
  page: (params: CustomerPageParams) => ['customers', 'page', params] as const,
  one: (id: number) => ['customers', 'one', id] as const,
  machines: (id: number) => ['customers', 'machines', id] as const,
  nip: (digits: string) => ['customers', 'nip', digits] as const,
};

/** The most customers of one NIP a warning names; the rest are counted. */
const NIP_HOLDERS_NAMED = 3;

/**
 * The other customers whose NIP has the same ten digits as `nip` (however either is written), for
 * the warning under the field: a second customer of one company is usually a slip. Asked for only
 * once the NIP is complete, through the list's number search (which also finds a REGON or phone
 * holding the digits: those are left out here).
 */
export function useNipHolders(nip: string, ownId?: number) {
  const digits = polishNipDigits(nip);
  const found = useQuery({
    queryKey: customerKeys.nip(digits ?? ''),
    queryFn: () =>
      api.page<Customer>('GET', '/api/customer/findAll', { query: { page: 1, size: 50, q: digits! } }),
    enabled: digits !== null,
    staleTime: 30_000,
  });
  if (!digits || !found.data) return null;
  const holders = found.data.items.filter((c) => c.id !== ownId && polishNipDigits(c.nip) === digits);
  if (!holders.length) return null;
  const named = holders.slice(0, NIP_HOLDERS_NAMED).map((c) => c.shortName);
  return { named, more: holders.length - named.length };
}

export interface CustomerPageParams {
  page: number;
  size: number;
  sort?: string;
  q: string;
}

export function useCustomerPage(params: CustomerPageParams) {
  return useQuery({
    queryKey: customerKeys.page(params),
    queryFn: () =>
      api.page<Customer>('GET', '/api/customer/findAll', {
        query: { page: params.page, size: params.size, sort: params.sort, q: params.q || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every customer the search finds, in the list's order, as kontrahenci.csv. */
export async function fetchCustomerCsv(query: { sort?: string; q?: string }) {
  const response = await api.raw('GET', '/api/customer/get-csv', {
    query: { sort: query.sort, q: query.q || undefined },
  });
  return response.blob();
}

/** One customer; not asked for while it is being deleted (lib/use-deletion.ts). */
export function useCustomer(id: number, { deleting = false }: { deleting?: boolean } = {}) {
  return useQuery({
    queryKey: customerKeys.one(id),
    queryFn: () => api.get<Customer>(`/api/customer/findById/${id}`),
    enabled: Number.isInteger(id) && id > 0 && !deleting,
  });
}

/** What the customer card lists; the machine module owns the full shape. */
export interface CustomerMachine {
  id: number;
  name: string;
  serialNumber?: string;
  status?: string;
  type?: string;
  city?: string;
  streetAddress?: string;
  category?: { id?: number; name: string } | null;
  customer?: { id: number } | null;
}

/** One page of the machines (both families), as the card's Maszyny tab shows them. */
export const customerMachinesKey = (id: number) => customerKeys.machines(id);

export const loadCustomerMachines = (id: number) => (query: MachinesPageQuery) =>
  api.page<CustomerMachine>('GET', `/api/device/findByCustomer/${id}`, { query: { ...query } });

export type CustomerPayload = CustomerInsert & { id?: number };

export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerPayload) =>
      input.id
        ? api.put<Customer>('/api/customer/update', input)
        : api.post<Customer>('/api/customer/insert', input),
    onSuccess: (saved) => {
      client.setQueryData(customerKeys.one(saved.id), saved);
      return client.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

export function useDeleteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/customer/delete/${id}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: customerKeys.one(id) });
      return client.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

/** What keeps a customer (its machines and service events), asked when its delete is asked for. */
export const fetchCustomerDependants = (id: number) =>
  api.get<CustomerDependants>(`/api/customer/dependants/${id}`);
