import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySettings, CompanySettingsChange, InstallationOperation } from '@serwis/domain';
import { api } from '../../../lib/api-client';

const keys = {
  company: ['configuration', 'company'] as const,
  logo: ['configuration', 'company-logo'] as const,
  operations: ['installation-operations'] as const,
};

export function useCompanySettings() {
  return useQuery({
    queryKey: keys.company,
    queryFn: () => api.get<CompanySettings>('/api/configuration/company'),
  });
}

export function useSaveCompanySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanySettingsChange) =>
      api.put<CompanySettings>('/api/configuration/company', input),
    onSuccess: (saved) => client.setQueryData(keys.company, saved),
  });
}

export function useInstallationOperations() {
  return useQuery({
    queryKey: keys.operations,
    queryFn: () => api.get<InstallationOperation[]>('/api/installation-operation'),
  });
}

/**
 * Every write refreshes the list (a move answers the whole list, the others one row); so does a
 * refused one: an operation another administrator removed meanwhile ("Nie znaleziono czynności
 * montażowej.") leaves the screen, and his additions come in.
 */
export function useInstallationOperationMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.operations });
  return {
    add: useMutation({
      mutationFn: (text: string) => api.post<InstallationOperation>('/api/installation-operation', { text }),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: (op: InstallationOperation) =>
        api.put<InstallationOperation>('/api/installation-operation', op),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`/api/installation-operation?id=${id}`),
      onSettled: refresh,
    }),
    move: useMutation({
      mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
        api.patch<InstallationOperation[]>(
          `/api/installation-operation/move-${direction}?installationOperationId=${id}`,
        ),
      onSuccess: (list) => client.setQueryData(keys.operations, list),
      onError: refresh,
    }),
  };
}

/** The optional company logo (a PNG or JPEG data URL; '' when none). */
export function useCompanyLogo() {
  return useQuery({
    queryKey: keys.logo,
    queryFn: async () =>
      (await api.get<{ value: string }>('/api/configuration', { query: { name: 'company/logo' } })).value,
  });
}

export function useSaveCompanyLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => api.put('/api/configuration/company-logo', { value }),
    onSuccess: (_r, value) => client.setQueryData(keys.logo, value),
  });
}
