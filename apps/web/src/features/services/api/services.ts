import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type MachineType, type Service, type ServiceStateAction } from '@serwis/domain';
import { api, ApiError } from '../../../lib/api-client';
import { fetchReportingUpload, type OnUploadProgress } from '../../../lib/upload-progress';
import { SERVICE_LISTS } from '../family';
import type { ServiceJsonBody } from '../service-form-values';

export interface ServicePageQuery {
  page: number;
  size: number;
  sort?: string;
  q?: string;
}

const keys = {
  all: ['services'] as const,
  device: (deviceId: number, query: ServicePageQuery) => ['services', 'device', deviceId, query] as const,
  page: (family: MachineType, query: ServicePageQuery) => ['services', family, query] as const,
};

/**
 * One page of the machine card's events, with their files, sorted by the server: a machine serviced
 * for decades has thousands (a whole list was 2.7 MB and seconds for 3,200).
 */
export function useDeviceServices(deviceId: number, query: ServicePageQuery) {
  return useQuery({
    queryKey: keys.device(deviceId, query),
    queryFn: ({ signal }) =>
      api.page<Service>('GET', `/api/service/findByDeviceWithFilesEnitiy/${deviceId}`, {
        query: { page: query.page, size: query.size, sort: query.sort },
        signal,
      }),
    enabled: Number.isInteger(deviceId) && deviceId > 0,
    placeholderData: keepPreviousData,
  });
}

export function useServicePage(family: MachineType, query: ServicePageQuery) {
  return useQuery({
    queryKey: keys.page(family, query),
    queryFn: ({ signal }) =>
      api.page<Service>('GET', SERVICE_LISTS[family].api, {
        query: { page: query.page, size: query.size, sort: query.sort, q: query.q || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every event the list's search finds, in its order, as the family's CSV file. */
export async function fetchServiceCsv(family: MachineType, query: { sort?: string; q?: string }) {
  const response = await api.raw('GET', '/api/service/get-csv', {
    query: { family, sort: query.sort, q: query.q || undefined },
  });
  return response.blob();
}

/** Every change refreshes all service lists (the tab and both lists). */
function useServiceMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

interface NewService {
  json: ServiceJsonBody;
  file: File | null;
  /** Ends the sending when the dialog is cancelled: nothing is stored of a request cut short. */
  signal?: AbortSignal;
  /** Told how much of the file has gone, as it goes. */
  onProgress?: OnUploadProgress;
}

/** multipart: `serviceJson` (a JSON part) and the optional `protocolSerwisowyFile` (spec §7). */
export function useAddService() {
  return useServiceMutation(({ json, file, signal, onProgress }: NewService) => {
    const form = new FormData();
    const serviceJson = JSON.stringify(json);
    form.append('serviceJson', new Blob([serviceJson], { type: 'application/json' }));
    if (file) form.append('protocolSerwisowyFile', file, file.name);
    return api.post<Service>('/api/service/add', form, {
      signal,
      partTexts: { serviceJson },
      transport: file && onProgress ? fetchReportingUpload(onProgress) : undefined,
    });
  });
}

export function useUpdateService() {
  return useServiceMutation((json: ServiceJsonBody & { id: number }) =>
    api.put<Service>('/api/service/update', json),
  );
}

export type { ServiceStateAction };

export function useServiceStateAction() {
  return useServiceMutation(({ id, action }: { id: number; action: ServiceStateAction }) =>
    api.patch<Service>(`/api/service/${action}/${id}`),
  );
}

interface ServiceFileUpload {
  serviceId: number;
  file: File;
  signal?: AbortSignal;
  onProgress?: OnUploadProgress;
}

export function useAddServiceFile() {
  return useServiceMutation(({ serviceId, file, signal, onProgress }: ServiceFileUpload) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.patch<Service>(`/api/service/addFile/${serviceId}`, form, {
      signal,
      transport: onProgress && fetchReportingUpload(onProgress),
    });
  });
}

export function useDeleteServiceFile() {
  return useServiceMutation((fileId: number) => api.delete(`/api/file/delete/${fileId}`));
}

/**
 * 304 means "not deleted: not the last protocol of its year"; the shared client lets a 304
 * through, so it becomes an error here.
 */
export function useDeleteService() {
  return useServiceMutation(async (id: number) => {
    const response = await api.raw('DELETE', `/api/service/delete/${id}`);
    if (response.status === 304) throw new ApiError(304, MSG.serviceNotLast, 'NOT_LAST');
  });
}
