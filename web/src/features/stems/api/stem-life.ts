import { useQueryClient } from '@tanstack/react-query';
import type {
  ClaimInput,
  ClaimStatus,
  ClaimView,
  DeliveryInput,
  InvoiceInput,
  StemDocumentView,
  StemIndexValuesInput,
  StemView,
} from '@mfd/contracts';
import { ApiError, apiRequest, tokenStore, uploadWithProgress } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

/** Every stem query starts with 'stems': a change reads the stem (and the lists) again. */
export const stemQueryKey = (stemId: string) => ['stems', 'detail', stemId];
const stemsPrefix = ['stems'];
const stemDashboardKey = ['dashboard', 'stems'];

/** A change that answers the stem: it is shown at once, and the lists are read again. */
export function useStemChange<TBody>(stemId: string, request: (body: TBody) => Promise<StemView>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: request,
    onSuccess: (stem) => {
      queryClient.setQueryData(stemQueryKey(stemId), stem);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: stemsPrefix }),
        queryClient.invalidateQueries({ queryKey: stemDashboardKey }),
      ]);
    },
  });
}

export const useRecordDelivery = (stemId: string) =>
  useStemChange(stemId, (body: DeliveryInput) =>
    apiRequest<StemView>(`/api/stems/${stemId}/delivery`, { method: 'POST', body }),
  );

export const useSaveStemIndexValues = (stemId: string) =>
  useStemChange(stemId, (body: StemIndexValuesInput) =>
    apiRequest<StemView>(`/api/stems/${stemId}/index-values`, { method: 'PUT', body }),
  );

export const useRecordInvoice = (stemId: string) =>
  useStemChange(stemId, (body: InvoiceInput) =>
    apiRequest<StemView>(`/api/stems/${stemId}/invoice`, { method: 'POST', body }),
  );

export const useCloseStem = (stemId: string) =>
  useStemChange(stemId, () => apiRequest<StemView>(`/api/stems/${stemId}/close`, { method: 'POST' }));

/** A change that answers something else: the stem is read again. */
function useStemRefresh<TData, TBody>(stemId: string, request: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stemsPrefix }),
        queryClient.invalidateQueries({ queryKey: stemDashboardKey }),
      ]),
  });
}

export const useUploadStemDocument = (stemId: string, onProgress: (fraction: number) => void) =>
  useStemRefresh(stemId, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return uploadWithProgress<StemDocumentView>(`/api/stems/${stemId}/documents`, form, onProgress);
  });

export const useRaiseClaim = (stemId: string) =>
  useStemRefresh(stemId, (body: ClaimInput) =>
    apiRequest<ClaimView>(`/api/stems/${stemId}/claims`, { method: 'POST', body }),
  );

export const useUpdateClaim = (stemId: string) =>
  useStemRefresh(stemId, ({ claimId, status }: { claimId: string; status: ClaimStatus }) =>
    apiRequest<ClaimView>(`/api/claims/${claimId}`, { method: 'PATCH', body: { status } }),
  );

/** Opens an uploaded document in a new tab: fetched with the session's token (a plain link carries none). */
export async function openStemDocument(stemId: string, documentId: string): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(`/api/stems/${stemId}/documents/${documentId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, 'The document could not be opened');
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  // The new tab has read it by then; the object URL need not outlive the page's next minute.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
