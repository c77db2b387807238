import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type {
  Device,
  DeviceFilterInput,
  DeviceInsertInput,
  DeviceUpdateInput,
  MachineDependants,
  SerialHolder,
} from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { FAMILIES, type MachineFamily } from '../family';

/** Query of the server-paged list: page, size, sort (`field,asc|desc`) and the free-text `q`. */
export interface MachinePageQuery {
  page: number;
  size: number;
  sort?: string;
  q?: string;
}

const keys = {
  all: ['machines'] as const,
  page: (family: MachineFamily, filter: DeviceFilterInput, query: MachinePageQuery) =>
    ['machines', family, 'page', filter, query] as const,
  names: (family: MachineFamily) => ['machines', family, 'names'] as const,
  one: (id: number) => ['machines', 'one', id] as const,
};

export function useMachinePage(
  family: MachineFamily,
  filter: DeviceFilterInput,
  query: MachinePageQuery,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    enabled,
    queryKey: keys.page(family, filter, query),
    queryFn: ({ signal }) =>
      api.page<Device>('POST', `${FAMILIES[family].api}/getByFilter`, {
        body: filter,
        query: { page: query.page, size: query.size, sort: query.sort, q: query.q || undefined },
        signal,
      }),
    // The old page stays on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

/** A serial number is looked up once this many characters are typed ("SN-1" would be everyone's). */
const SERIAL_LOOKUP_MIN = 3;
const BOTH_FAMILIES = ['INTERNAL', 'EXTERNAL'] as const;
/** Machines a serial number's search reads: a short one ("2020") is in many other serials. */
const SERIAL_LOOKUP_ROWS = 100;
/** A serial number as its holders are compared: letters and digits only, any case. */
const serialKey = (serial: string) => serial.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/**
 * Machines of either family that already hold the serial number typed (not the machine itself):
 * told under the field, never refused (the register may hold one machine twice on purpose).
 */
export function useSerialHolders(serialNumber: string, ownId?: number): SerialHolder[] | null {
  const [typed] = useDebouncedValue(serialNumber.trim(), 400);
  const enabled = [...typed].length >= SERIAL_LOOKUP_MIN;
  const found = useQueries({
    queries: BOTH_FAMILIES.map((family) => ({
      queryKey: ['machines', family, 'serial', typed],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        // The lists' search, which reads a serial number without its separators ("WY 2020 000015"
        // finds "WY-2020-000015"); the filter's "contains" did not.
        api.page<Device>('POST', `${FAMILIES[family].api}/getByFilter`, {
          body: {},
          query: { page: 1, size: SERIAL_LOOKUP_ROWS, q: typed },
          signal,
        }),
      enabled,
      staleTime: 30_000,
    })),
  });
  if (!enabled) return null;
  const same = (serial: string) => serialKey(serial) === serialKey(typed);
  const holders = found.flatMap((query, i) =>
    (query.data?.items ?? [])
      .filter((device) => device.id !== ownId && same(device.serialNumber ?? ''))
      .map((device) => ({
        id: device.id,
        name: device.name,
        customer: device.customer?.shortName ?? '',
        external: BOTH_FAMILIES[i] === 'EXTERNAL',
      })),
  );
  return holders.length ? holders : null;
}

/** What keeps a machine and what would go with it, asked when its delete is asked for. */
export const fetchMachineDependants = (id: number) =>
  api.get<MachineDependants>(`/api/device/dependants/${id}`);

/** One machine; not asked for while the card deletes it (use-deletion.ts). */
export function useMachine(id: number, { deleting = false }: { deleting?: boolean } = {}) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => api.get<Device>(`/api/device/findById/${id}`),
    enabled: Number.isInteger(id) && id > 0 && !deleting,
  });
}

export function useMachineNames(family: MachineFamily) {
  return useQuery({
    queryKey: keys.names(family),
    queryFn: () => api.get<string[]>(`${FAMILIES[family].api}/findAllDevicesNames`),
    staleTime: 5 * 60_000,
  });
}

export type MachinePayload = DeviceInsertInput & { id?: number };

export function useSaveMachine(family: MachineFamily) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: MachinePayload) => {
      const prefix = FAMILIES[family].api;
      if (payload.id) return api.put<Device>(`${prefix}/update`, payload as DeviceUpdateInput);
      // Only the internal insert carries a type; the external one means EXTERNAL by its path (spec §7).
      const body = family === 'INTERNAL' ? { ...payload, type: 'INTERNAL' as const } : payload;
      return api.post<Device>(`${prefix}/insert`, body);
    },
    // Not awaited: the screen navigates away at once and the lists refetch when shown.
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteMachine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/device/delete/${id}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: keys.one(id) });
      void client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

/** The filtered list as CSV (all rows, same filter, search and sort as the table). */
export async function fetchMachineCsv(
  family: MachineFamily,
  filter: DeviceFilterInput,
  query: { sort?: string; q?: string },
) {
  const response = await api.raw('POST', `${FAMILIES[family].api}/get-csv-by-filter`, {
    body: filter,
    query: { sort: query.sort, q: query.q || undefined },
  });
  return response.blob();
}
