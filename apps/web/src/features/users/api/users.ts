import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAdminRoles, type Employee, type EmployeeDependants } from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { saveTakingInChanges } from '../../../lib/save-taking-in-changes';
import { mergeEmployee } from '../merge-employee';

const keys = {
  all: ['users'] as const,
  one: (id: number) => ['users', id] as const,
};

const fetchEmployee = (id: number) => api.get<Employee>(`/api/user/findById/${id}`);

const fetchEmployees = () => api.get<Employee[]>('/api/user/findAllFlatRoles');

export function useEmployees() {
  return useQuery({ queryKey: keys.all, queryFn: fetchEmployees });
}

/**
 * Is another active administrator on the team besides `id`? null when the team cannot be read (the
 * server still refuses the last administrator's demotion).
 */
export const anotherActiveAdmin = async (id: number) => {
  const team = await fetchEmployees().catch(() => null);
  return team ? team.some((e) => e.id !== id && e.active && isAdminRoles(e.roles)) : null;
};

/** One employee; not asked for while he is being deleted (lib/use-deletion.ts). */
export function useEmployee(id: number, { deleting = false }: { deleting?: boolean } = {}) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => fetchEmployee(id),
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

export function useAddEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmployeePayload) => api.post<Employee>('/api/user/insert', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** An edit saved; `merged`: laid over another's save made meanwhile, `clashes` the fields both changed. */
export interface SavedEmployee {
  saved: Employee;
  merged: boolean;
  clashes: string[];
}

/**
 * An employee's edit, made on the version the form was opened on (`base`). When another
 * administrator saved meanwhile (409 CHANGED_MEANWHILE), his version is read and the form's changes
 * are laid over it (`mergeEmployee`) and sent again: a role he took away, or a field he changed,
 * is no longer put back by a form that did not touch it. `merged` says that happened.
 */
export function useUpdateEmployee(opened: Employee | undefined) {
  // `opened`: the version the form was opened on, not the query's (asked again meanwhile, it would
  // hide another's save from the server's check while the form still shows the older values).
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: EmployeePayload): Promise<SavedEmployee> => {
      let base = opened!;
      let payload = input;
      const clashes = new Set<string>();
      const { saved, merged } = await saveTakingInChanges(
        () =>
          api.put<Employee>(
            '/api/user/update',
            { ...payload, id: base.id },
            { query: { base: base.updatedAt } },
          ),
        async () => {
          const theirs = await fetchEmployee(base.id);
          const laid = mergeEmployee(base, payload, theirs);
          laid.clashes.forEach((label) => clashes.add(label));
          payload = laid.payload;
          base = theirs;
        },
      );
      return { saved, merged, clashes: [...clashes] };
    },
    onSuccess: ({ saved }) => {
      client.setQueryData(keys.one(saved.id), saved);
      return client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useDeleteEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/user/delete/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** How many records keep an employee (their work, under their name), asked when a delete is asked for. */
export const fetchEmployeeDependants = (id: number) =>
  api.get<EmployeeDependants>(`/api/user/dependants/${id}`);
