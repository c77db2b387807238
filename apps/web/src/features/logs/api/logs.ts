import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LogEntry, LogRedactInput } from '@serwis/domain';
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

/** POST /api/log/redact: `preview` counts the entries holding the text; without it they lose it. */
export function useRedactLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LogRedactInput) => api.post<{ entries: number }>('/api/log/redact', input),
    onSuccess: (_, input) => {
      if (!input.preview) void client.invalidateQueries({ queryKey: ['logs'] });
    },
  });
}
