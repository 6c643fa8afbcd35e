import { useQueryClient } from '@tanstack/react-query';
import type { CreatedResponse, DetailResponse } from '@mfd/contracts';
import { apiRequest } from '../api-client';
import { useSingleFlightMutation } from '../mutation';

/** Dialog values as typed; the server applies the create or edit rules of spec §5. */
type CustomerFields = Record<string, string>;

/** A change to the customers refreshes every customer list and count on screen. */
export function useCustomerMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}

export const useCreateCustomer = () =>
  useCustomerMutation((body: CustomerFields) =>
    apiRequest<CreatedResponse>('/api/customers/detailed', {
      method: 'POST',
      body: { ...body, type: 'customer' },
    }),
  );

export const useUpdateCustomer = () =>
  useCustomerMutation(({ id, body }: { id: string; body: CustomerFields }) =>
    // PATCH: the fields of the Edit Customer form change, anything it does not show is kept.
    apiRequest<DetailResponse>(`/api/customers/${id}`, { method: 'PATCH', body }),
  );
