import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Port,
  PortDetailedRequest,
  PortImportResult,
  PortSearchResult,
  PortStats,
} from '@mfd/contracts';
import { apiRequest, uploadWithProgress } from '../api-client';
import { useSingleFlightMutation } from '../mutation';

export const searchPorts = (q: string) =>
  apiRequest<PortSearchResult[]>(`/api/ports/search?q=${encodeURIComponent(q)}`);

export const lookupPort = (code: string) =>
  apiRequest<{ success: true; port: Port; detail: string }>(`/api/ports/${encodeURIComponent(code)}/lookup`);

export interface PortPage {
  items: Port[];
  total: number;
  limit: number;
  offset: number;
}

export function usePortsPage(params: { q: string; limit: number; offset: number }) {
  const query = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) query.set('q', params.q);
  return useQuery({
    queryKey: ['ports', 'page', params],
    queryFn: () => apiRequest<PortPage>(`/api/ports?${query}`),
    placeholderData: keepPreviousData,
  });
}

export const portStatsQuery = queryOptions({
  queryKey: ['ports', 'stats'],
  queryFn: () => apiRequest<PortStats>('/api/ports/stats'),
});

export function useCreatePort() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: PortDetailedRequest) =>
      apiRequest<{
        success: true;
        port_id: string;
        suppliers_linked: number;
        new_supplier_id: string | null;
        detail: string;
      }>('/api/ports/detailed', {
        method: 'POST',
        body,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['ports'] }),
        queryClient.invalidateQueries({ queryKey: ['suppliers'] }),
      ]),
  });
}

export function importPorts(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<PortImportResult>('/api/ports/bulk-import', form, onProgress);
}
