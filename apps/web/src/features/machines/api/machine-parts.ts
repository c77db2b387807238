import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Part } from '@serwis/domain';
import { api } from '../../../lib/api-client';

const keys = { list: (deviceId: number) => ['machine-parts', deviceId] as const };

export interface PartInput {
  id?: number;
  name: string;
  serialNumber: string;
  producer: string;
  decsription: string;
}

export function useMachineParts(deviceId: number) {
  return useQuery({
    queryKey: keys.list(deviceId),
    queryFn: () => api.get<Part[]>(`/api/part/findByDevice/${deviceId}`),
    enabled: Number.isInteger(deviceId) && deviceId > 0,
  });
}

export function useSavePart(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PartInput) =>
      api.post<Part>('/api/part/save', { ...input, device: { id: deviceId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.list(deviceId) }),
  });
}

export function useDeletePart(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/part/delete/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.list(deviceId) }),
  });
}
