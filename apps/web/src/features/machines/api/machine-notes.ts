import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceNote } from '@serwis/domain';
import { api } from '../../../lib/api-client';

const keys = { list: (deviceId: number) => ['machine-notes', deviceId] as const };

export function useMachineNotes(deviceId: number) {
  return useQuery({
    queryKey: keys.list(deviceId),
    queryFn: () => api.get<DeviceNote[]>(`/api/deviceNote/findByIdDevice/${deviceId}`),
    enabled: Number.isInteger(deviceId) && deviceId > 0,
  });
}

/** Insert without id, update with one. */
export function useSaveNote(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id?: number; text: string }) =>
      id
        ? api.put<DeviceNote>('/api/deviceNote/update', { id, device: { id: deviceId }, text })
        : api.post<DeviceNote>('/api/deviceNote/insert', { device: { id: deviceId }, text }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.list(deviceId) }),
  });
}

export function useDeleteNote(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/deviceNote/delete/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.list(deviceId) }),
  });
}
