import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedResponse, Customer, CustomerStats, DetailResponse } from '@mfd/contracts';

/** Dialog values as typed; the server applies the create or edit rules of spec §5. */
type CustomerFields = Record<string, string>;
import { apiPage, apiRequest } from '../../../lib/api-client';

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

function useCustomerMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }) });
}

export const useCreateCustomer = () =>
  useCustomerMutation((body: CustomerFields) => apiRequest<CreatedResponse>('/api/customers/detailed', { method: 'POST', body: { ...body, type: 'customer' } }));

export const useUpdateCustomer = () =>
  useCustomerMutation(({ id, body }: { id: string; body: CustomerFields }) =>
    apiRequest<DetailResponse>(`/api/customers/${id}`, { method: 'PUT', body: { ...body, type: 'customer' } }),
  );

export const useDeleteCustomer = () => useCustomerMutation((id: string) => apiRequest<DetailResponse>(`/api/customers/${id}`, { method: 'DELETE' }));
