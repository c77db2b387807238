import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InspectionCycle,
  InspectionListMode,
  PeriodicInspectionRow,
  PeriodicInspectionSummary,
} from '@serwis/domain';
import { api } from '../../../lib/api-client';

const keys = {
  all: ['inspections'] as const,
  summary: (deviceId: number) => ['inspections', 'summary', deviceId] as const,
  page: (mode: InspectionListMode, params: InspectionPageParams) =>
    ['inspections', 'list', mode, params] as const,
  cycles: (ids: readonly string[], exceptService?: number, before?: string) =>
    ['inspections', 'cycles', [...ids].sort().join(','), exceptService ?? null, before ?? null] as const,
};

export interface InspectionPageParams {
  page: number;
  size: number;
  sort?: string;
  q: string;
}

export function useInspectionSummary(deviceId: number) {
  return useQuery({
    queryKey: keys.summary(deviceId),
    queryFn: () => api.get<PeriodicInspectionSummary>(`/api/device/periodicInspection/${deviceId}`),
    enabled: Number.isInteger(deviceId) && deviceId > 0,
  });
}

/**
 * A service form's machines' inspection cycles (the warning under "Okres"), asked only while the
 * event is an inspection with machines; `exceptService` is the event being edited, `before` its date
 * (only inspections up to it count).
 */
export function useInspectionCycles(
  ids: readonly string[],
  options: { exceptService?: number; before?: string },
  enabled: boolean,
) {
  const key = keys.cycles(ids, options.exceptService, options.before);
  return useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<InspectionCycle[]>('/api/device/inspectionCycles', {
        query: { ids: key[2], exceptService: options.exceptService, before: options.before },
      }),
    enabled: enabled && ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** /machinePeriodicInspection: one server page of `onlyActual` or `all` rows. */
export function useInspectionPage(mode: InspectionListMode, params: InspectionPageParams) {
  return useQuery({
    queryKey: keys.page(mode, params),
    queryFn: () =>
      api.page<PeriodicInspectionRow>('GET', `/api/device/periodicInspections/${mode}`, {
        query: { page: params.page, size: params.size, sort: params.sort, q: params.q || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export interface InspectionSwitchResult {
  id: number;
  isPeriodicInspectionEnabled: boolean;
  message: string;
}

export function useSwitchInspections(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.patch<InspectionSwitchResult>('/api/device/isPeriodicInspectionEnabled', {
        id: deviceId,
        isPeriodicInspectionEnabled: enabled,
      }),
    // The flag also decides whether the machine is on the inspection lists.
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
