import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogEntry } from '@serwis/domain';
import { api } from '../../../lib/api-client';

export function useLogPage(params: { page: number; size: number; q: string; sort?: string }) {
  return useQuery({
    queryKey: ['logs', params],
    queryFn: () =>
      api.page<LogEntry>('GET', '/api/log/findAll', {
        query: { page: params.page, size: params.size, q: params.q || undefined, sort: params.sort },
      }),
    placeholderData: keepPreviousData,
  });
}
