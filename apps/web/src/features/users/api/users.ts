import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Employee } from '@serwis/domain';
import { api } from '../../../lib/api-client';

const keys = {
  all: ['users'] as const,
  one: (id: number) => ['users', id] as const,
};

export function useEmployees() {
  return useQuery({ queryKey: keys.all, queryFn: () => api.get<Employee[]>('/api/user/findAllFlatRoles') });
}

/** One employee; not asked for while he is being deleted (lib/use-deletion.ts). */
export function useEmployee(id: number, { deleting = false }: { deleting?: boolean } = {}) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => api.get<Employee>(`/api/user/findById/${id}`),
    enabled: Number.isInteger(id) && id > 0 && !deleting,
  });
}

export interface EmployeePayload {
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  vacationDays: number;
  active: boolean;
  password: string;
  roles: { id: number; role: 'ADMIN' | 'USER' }[];
}

export function useSaveEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmployeePayload & { id?: number }) =>
      input.id ? api.put<Employee>('/api/user/update', input) : api.post<Employee>('/api/user/insert', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/user/delete/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
