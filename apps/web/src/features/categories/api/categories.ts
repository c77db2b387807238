import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatOperations,
  parseOperations,
  type Category,
  type CategoryDetails,
  type ServiceOperation,
} from '@serwis/domain';
import type { MachinesPageQuery } from '../../../components/machines-of-table';
import { api } from '../../../lib/api-client';
import { saveTakingInChanges } from '../../../lib/save-taking-in-changes';
import type { OperationsChange } from '../operation-changes';

export const categoryKeys = {
  all: ['categories'] as const,
  list: ['categories', 'list'] as const,
  one: (id: number) => ['categories', 'one', id] as const,
  machines: (id: number) => ['categories', 'machines', id] as const,
};

export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.list,
    queryFn: () => api.get<Category[]>('/api/category/findAll'),
  });
}

export function fetchCategory(id: number) {
  return api.get<CategoryDetails>(`/api/category/findById/${id}`);
}

/** One category; not asked for while it is being deleted (lib/use-deletion.ts). */
export function useCategory(id: number, { deleting = false }: { deleting?: boolean } = {}) {
  return useQuery({
    queryKey: categoryKeys.one(id),
    queryFn: () => fetchCategory(id),
    enabled: Number.isInteger(id) && id > 0 && !deleting,
  });
}

/** What the category card lists; the machine module owns the full shape. */
export interface CategoryMachine {
  id: number;
  name: string;
  serialNumber?: string;
  status?: string;
  city?: string;
  customer?: { id: number; shortName?: string } | null;
}

/** One page of the machines (both families), as the card's Maszyny tab shows them. */
export const categoryMachinesKey = (id: number) => categoryKeys.machines(id);

export const loadCategoryMachines = (id: number) => (query: MachinesPageQuery) =>
  api.page<CategoryMachine>('GET', `/api/device/findByCategory/${id}`, { query: { ...query } });

function useStoreCategory() {
  const client = useQueryClient();
  return (saved: CategoryDetails) => {
    client.setQueryData(categoryKeys.one(saved.id), saved);
    return client.invalidateQueries({ queryKey: categoryKeys.list });
  };
}

export function useAddCategory() {
  const store = useStoreCategory();
  return useMutation({
    mutationFn: (name: string) => api.post<CategoryDetails>('/api/category/insert', { name }),
    onSuccess: store,
  });
}

/** Rename only: the operation list is left out, so any user may do it. */
export function useRenameCategory() {
  const store = useStoreCategory();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) =>
      api.put<CategoryDetails>('/api/category/update', input),
    onSuccess: store,
  });
}

/** A save that had to take in another administrator's list first says so (`merged`). */
export interface SavedOperations {
  saved: CategoryDetails;
  merged: boolean;
}

/**
 * Every change of the operation list saves the whole list at once (spec §4), on the version the
 * screen shows (`base`). When another administrator saved meanwhile (409 CHANGED_MEANWHILE), his
 * category is read, shown, and the change made again on it (operation-changes.ts): adding one
 * operation no longer removes the ones he added, and his rename is not put back.
 */
export function useSaveOperations(categoryId: number) {
  const client = useQueryClient();
  const store = useStoreCategory();
  return useMutation({
    mutationFn: async (change: OperationsChange): Promise<SavedOperations> => {
      let current =
        client.getQueryData<CategoryDetails>(categoryKeys.one(categoryId)) ??
        (await fetchCategory(categoryId));
      return saveTakingInChanges(
        () =>
          api.put<CategoryDetails>(
            '/api/category/update',
            {
              id: current.id,
              name: current.name,
              serviceReviewOperationsList: formatOperations(
                change(parseOperations(current.serviceReviewOperationsList)),
              ),
            },
            { query: { base: current.updatedAt } },
          ),
        async () => {
          current = await fetchCategory(categoryId);
          void store(current);
        },
      );
    },
    onSuccess: ({ saved }) => store(saved),
  });
}

/** Another category's list, read fresh, to replace the current one. */
export async function operationsOf(categoryId: number): Promise<ServiceOperation[]> {
  return parseOperations((await fetchCategory(categoryId)).serviceReviewOperationsList);
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/category/delete/${id}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: categoryKeys.one(id) });
      return client.invalidateQueries({ queryKey: categoryKeys.list });
    },
  });
}
