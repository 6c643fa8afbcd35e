import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company, CreatedResponse, DetailResponse, PendingPort, PendingVessel } from '@mfd/contracts';
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

/** Ports companies added that await an operator's approval (operators only). */
export const usePendingPorts = () =>
  useQuery({
    queryKey: ['ports', 'pending'],
    queryFn: () => apiRequest<PendingPort[]>('/api/ports/pending'),
  });

// A review changes which ports every company sees: every port list and search is read again.
export const useReviewPort = () =>
  useInvalidating(
    [['ports'], ['suppliers']],
    ({ id, verdict }: { id: string; verdict: 'approve' | 'reject' }) =>
      apiRequest<DetailResponse>(`/api/ports/${id}/${verdict}`, { method: 'POST' }),
  );

/** Vessels companies named that await an operator's confirmation (operators only). */
export const usePendingVessels = () =>
  useQuery({
    queryKey: ['vessels', 'pending'],
    queryFn: () => apiRequest<PendingVessel[]>('/api/vessels/pending'),
  });

export const useConfirmVessel = () =>
  useInvalidating([['vessels']], (id: string) =>
    apiRequest<DetailResponse>(`/api/vessels/${id}/confirm`, { method: 'POST' }),
  );
