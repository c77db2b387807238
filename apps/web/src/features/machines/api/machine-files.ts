import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileType, StoredFile } from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { fetchReportingUpload, type OnUploadProgress } from '../../../lib/upload-progress';

const keys = {
  all: ['machine-files'] as const,
  list: (deviceId: number, type: FileType) => ['machine-files', deviceId, type] as const,
};

export function useMachineFiles(deviceId: number, type: FileType) {
  return useQuery({
    queryKey: keys.list(deviceId, type),
    queryFn: () => api.get<StoredFile[]>(`/api/file/findByDeviceAndType/${deviceId}/${type}`),
    enabled: Number.isInteger(deviceId) && deviceId > 0,
  });
}

export interface UploadInput {
  deviceId: number;
  type: FileType;
  file: File;
  description: string;
  /** Ends the sending when the dialog is cancelled: nothing is stored then. */
  signal?: AbortSignal;
  /** Told how much of the file has gone, as it goes. */
  onProgress?: OnUploadProgress;
}

/** multipart: the `fileJson` part (JSON blob) and the `file` part, as the API expects. */
export function useUploadMachineFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, type, file, description, signal, onProgress }: UploadInput) => {
      const form = new FormData();
      const fileJson = JSON.stringify({ device: { id: deviceId }, type, filename: file.name, description });
      form.append('fileJson', new Blob([fileJson], { type: 'application/json' }));
      form.append('file', file, file.name);
      return api.post<StoredFile>('/api/file/add', form, {
        signal,
        partTexts: { fileJson },
        transport: onProgress && fetchReportingUpload(onProgress),
      });
    },
    // Settled, not only succeeded: a request cancelled after its last byte may still be stored.
    onSettled: (_file, _error, input) =>
      client.invalidateQueries({ queryKey: keys.list(input.deviceId, input.type) }),
  });
}

export function useUpdateFileDescription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; description: string }) =>
      api.patch<StoredFile>('/api/file/updateDescription', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteMachineFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/file/delete/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
