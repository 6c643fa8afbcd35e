import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedResponse, DetailResponse, Supplier, SupplierInput, SupplierPatch } from '@mfd/contracts';
import { apiRequest } from '../api-client';
import { useSingleFlightMutation } from '../mutation';

export const suppliersQuery = queryOptions({
  queryKey: ['suppliers', 'list'],
  queryFn: () => apiRequest<Supplier[]>('/api/suppliers'),
});

export const useSuppliers = () => useQuery(suppliersQuery);

/** Adds a supplier, or changes the fields given of one (PATCH: what the form does not show is kept). */
export function useSaveSupplier(id?: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: SupplierInput & SupplierPatch) =>
      id
        ? apiRequest<DetailResponse>(`/api/suppliers/${id}`, { method: 'PATCH', body })
        : apiRequest<CreatedResponse>('/api/suppliers', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['suppliers'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

/** One supplier with its contacts and ports. */
export const useSupplier = (id: string) =>
  useQuery({
    queryKey: ['suppliers', 'one', id],
    queryFn: () => apiRequest<Supplier>(`/api/suppliers/${id}`),
  });
