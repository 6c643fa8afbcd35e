import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer, CustomerStats, DetailResponse } from '@mfd/contracts';
import { apiPage, apiRequest } from '../../../lib/api-client';
import { useCustomerMutation } from '../../../lib/api/customers';

export interface CustomerPageParams {
  q: string;
  limit: number;
  offset: number;
}

export function useCustomers(params: CustomerPageParams) {
  const query = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) query.set('q', params.q);
  return useQuery({
    queryKey: ['customers', 'page', params],
    queryFn: () => apiPage<Customer>(`/api/customers/detailed?${query}`),
    placeholderData: keepPreviousData,
  });
}

export const customerStatsQuery = queryOptions({
  queryKey: ['customers', 'stats'],
  queryFn: () => apiRequest<CustomerStats>('/api/customers/stats'),
});

export const useDeleteCustomer = () =>
  useCustomerMutation((id: string) =>
    apiRequest<DetailResponse>(`/api/customers/${id}`, { method: 'DELETE' }),
  );
