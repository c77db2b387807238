import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Incident, Service } from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { incidentQuery, type IncidentFilters } from '../incident-query';

const keys = {
  all: (deviceId: number) => ['incidents', deviceId] as const,
  list: (deviceId: number, text: string, filters: IncidentFilters) =>
    ['incidents', deviceId, text, filters] as const,
  services: (deviceId: number) => ['incidents', deviceId, 'services'] as const,
};

const validId = (id: number) => Number.isInteger(id) && id > 0;

export function useIncidents(deviceId: number, text: string, filters: IncidentFilters) {
  return useQuery({
    queryKey: keys.list(deviceId, text, filters),
    queryFn: () =>
      api.get<Incident[]>('/api/incident/findByParameters', {
        query: incidentQuery(deviceId, text, filters),
      }),
    enabled: validId(deviceId),
    placeholderData: keepPreviousData,
  });
}

/** The machine's service events, offered as the incident's optional link. */
export function useMachineServiceOptions(deviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.services(deviceId),
    queryFn: () => api.get<Service[]>(`/api/service/findByDeviceWithFilesEnitiy/${deviceId}`),
    enabled: enabled && validId(deviceId),
    select: (services) =>
      services.map((s) => ({ value: String(s.id), label: `${s.fullNumber} (${s.date.slice(0, 10)})` })),
  });
}

export interface IncidentInput {
  /** 0 creates a new incident, above 0 edits that one. */
  id: number;
  date: string;
  text: string;
  serviceId: number | null;
}

export function useSaveIncident(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IncidentInput) =>
      api.post<Incident>('/api/incident/insert', {
        id: input.id,
        device: { id: deviceId },
        date: input.date,
        text: input.text,
        service: input.serviceId ? { id: input.serviceId } : null,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(deviceId) }),
  });
}

export function useDeleteIncident(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/incident/delete/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(deviceId) }),
  });
}
