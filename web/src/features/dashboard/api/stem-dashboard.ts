import { useQuery } from '@tanstack/react-query';
import type { StemDashboard } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Stems awaiting delivery, invoices due within 7 days, claims whose time bar ends within 72 hours. */
export function useStemDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'stems'],
    queryFn: () => apiRequest<StemDashboard>('/api/dashboard/stems'),
  });
}
