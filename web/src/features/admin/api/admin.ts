import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company, CreatedResponse, DetailResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

export const companiesQuery = queryOptions({
  queryKey: ['companies'],
  queryFn: () => apiRequest<Company[]>('/api/companies'),
});

export const useCompanies = () => useQuery(companiesQuery);

function useInvalidating<V, R>(keys: string[][], fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useUpdateCompany = () =>
  useInvalidating(
    [['companies'], ['suppliers'], ['customers']],
    ({ id, body }: { id: string; body: Record<string, string> }) =>
      apiRequest<DetailResponse>(`/api/companies/${id}`, { method: 'PUT', body }),
  );

export const useSaveProduct = () =>
  useInvalidating([['products']], ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
    id
      ? apiRequest<DetailResponse>(`/api/products/${id}`, { method: 'PUT', body })
      : apiRequest<CreatedResponse>('/api/products', { method: 'POST', body }),
  );

export const useDeleteProduct = () =>
  useInvalidating([['products']], (id: string) =>
    apiRequest<DetailResponse>(`/api/products/${id}`, { method: 'DELETE' }),
  );

export const useAddStandardFuels = () =>
  useInvalidating([['products']], () =>
    apiRequest<DetailResponse & { added: number }>('/api/products/add-standard-fuels', { method: 'POST' }),
  );

export const useAddSampleData = () =>
  useInvalidating([['products'], ['suppliers'], ['customers'], ['companies'], ['dashboard'], ['ports']], () =>
    apiRequest<DetailResponse>('/api/admin/sample-data', { method: 'POST' }),
  );
