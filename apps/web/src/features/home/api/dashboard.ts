import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@serwis/domain';
import { api } from '../../../lib/api-client';

export function useDashboard() {
  return useQuery({ queryKey: ['dashboard'], queryFn: () => api.get<Dashboard>('/api/dashboard') });
}
