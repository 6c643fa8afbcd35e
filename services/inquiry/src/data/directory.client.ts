import { customer, port, product } from '@mfd/contracts';
import { AppError, type ServiceClient } from '@mfd/service-kit';
import { z } from 'zod';
import type { DirectoryLookups } from '../domain/directory-lookups';

function nullWhenNotFound(err: unknown): null {
  if (err instanceof AppError && err.statusCode === 404) return null;
  throw err;
}

/** Directory reads made with the caller's own token, so the directory applies its tenant rules. */
export function directoryLookups(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
): DirectoryLookups {
  return {
    customer: (id) => client.get(`/api/customers/${id}`, customer, auth).catch(nullWhenNotFound),
    port: (id) => client.get(`/api/ports/${id}`, port, auth).catch(nullWhenNotFound),
    fuelTypes: () => client.get('/api/products', z.array(product), auth),
  };
}
