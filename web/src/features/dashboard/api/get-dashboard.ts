import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => apiRequest<Dashboard>('/api/dashboard'),
});

export const useDashboard = () => useQuery(dashboardQuery);
