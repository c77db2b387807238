import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The fields of a customer the machine screens need (the customers feature owns the rest). */
export interface CustomerOption {
  id: number;
  shortName: string;
  fullName: string;
}

export interface CategoryOption {
  id: number;
  name: string;
  count?: number;
}

export function useCustomerOptions() {
  return useQuery({
    queryKey: ['machine-lookups', 'customers'],
    queryFn: () => api.get<CustomerOption[]>('/api/customer/findAll'),
    staleTime: 60_000,
  });
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: ['machine-lookups', 'categories'],
    queryFn: () => api.get<CategoryOption[]>('/api/category/findAll'),
    staleTime: 60_000,
  });
}
