import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AmendmentSend,
  AmendmentSendResponse,
  CreatedResponse,
  CustomerSearchResult,
  DetailResponse,
  InquiryCreate,
  InquiryDetail,
  InquiryStatus,
  InquirySummary,
  InquiryUpdate,
  ProductLineInput,
  ProductLineUpdate,
  VesselSearchResult,
} from '@mfd/contracts';
import { apiPage, apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

interface InquiryPageParams {
  q: string;
  status: InquiryStatus | '';
  /** Only the caller's own inquiries ("My inquiries"). */
  mine: boolean;
  limit: number;
  offset: number;
}

export function useInquiries(params: InquiryPageParams) {
  const query = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) query.set('q', params.q);
  if (params.status) query.set('status', params.status);
  if (params.mine) query.set('owner', 'me');
  return useQuery({
    queryKey: ['inquiries', 'page', params],
    queryFn: () => apiPage<InquirySummary>(`/api/inquiries?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useInquiry(id: string) {
  return useQuery({
    queryKey: ['inquiries', 'detail', id],
    queryFn: () => apiRequest<InquiryDetail>(`/api/inquiries/${id}`),
    retry: false,
  });
}

export const searchCustomers = (q: string) =>
  apiRequest<CustomerSearchResult[]>(`/api/customers/search?q=${encodeURIComponent(q)}`);
export const searchVessels = (q: string) =>
  apiRequest<VesselSearchResult[]>(`/api/vessels/search-enhanced?q=${encodeURIComponent(q)}`);

function useInquiryMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

export const useCreateInquiry = () =>
  useInquiryMutation((body: InquiryCreate) =>
    apiRequest<CreatedResponse>('/api/inquiries', { method: 'POST', body }),
  );

export const useUpdateInquiry = (id: string) =>
  useInquiryMutation((body: InquiryUpdate) =>
    apiRequest<DetailResponse>(`/api/inquiries/${id}`, { method: 'PUT', body }),
  );

export const useCopyInquiry = (id: string) =>
  useInquiryMutation(() => apiRequest<CreatedResponse>(`/api/inquiries/${id}/copy`, { method: 'POST' }));

export const useHandOverInquiry = (id: string) =>
  useInquiryMutation((userId: string) =>
    apiRequest<DetailResponse>(`/api/inquiries/${id}/owner`, { method: 'PUT', body: { user_id: userId } }),
  );

export const useCancelInquiry = (id: string) =>
  useInquiryMutation((reason: string) =>
    apiRequest<DetailResponse>(`/api/inquiries/${id}/cancel`, { method: 'POST', body: { reason } }),
  );

export const useAddLine = (id: string) =>
  useInquiryMutation((body: ProductLineInput) =>
    apiRequest<CreatedResponse>(`/api/inquiries/${id}/products`, { method: 'POST', body }),
  );

export const useUpdateLine = (id: string) =>
  useInquiryMutation(({ lineId, body }: { lineId: string; body: ProductLineUpdate }) =>
    apiRequest<DetailResponse>(`/api/inquiries/${id}/products/${lineId}`, { method: 'PUT', body }),
  );

export const useDeleteLine = (id: string) =>
  useInquiryMutation((lineId: string) =>
    apiRequest<DetailResponse>(`/api/inquiries/${id}/products/${lineId}`, { method: 'DELETE' }),
  );

/** Mails the suppliers one amendment with every change waiting; the detail's pending changes clear with it. */
export const useSendAmendment = (id: string) =>
  useInquiryMutation((body: AmendmentSend) =>
    apiRequest<AmendmentSendResponse>(`/api/inquiries/${id}/amendments`, { method: 'POST', body }),
  );
