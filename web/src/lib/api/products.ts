import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@mfd/contracts';
import { apiRequest } from '../api-client';

/** The shared fuel products: the Admin tab lists them, inquiry lines pick their fuel type from them. */
export const productsQuery = queryOptions({
  queryKey: ['products'],
  queryFn: () => apiRequest<Product[]>('/api/products'),
});

export const useProducts = () => useQuery(productsQuery);
