import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../data/actor';
import type { DirectoryDeps } from '../deps';
import { addSampleData } from '../domain/sample-data';

const sampleDataResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  fuels: z.number().int(),
  suppliers: z.number().int(),
  customers: z.number().int(),
});

export const adminRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  app.post(
    '/api/admin/sample-data',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'addSampleData',
        summary: 'Fill the company with sample customers, suppliers and fuels (admins)',
        tags: ['admin'],
        response: { 200: sampleDataResponse },
      },
    },
    async (request) => {
      // A company admin fills their own company; only a platform operator also touches the shared products.
      const added = await addSampleData(deps.database.db, actorOf(request.auth), {
        sharedData: request.auth.operator,
      });
      const total = added.fuels + added.suppliers + added.customers;
      return {
        success: true as const,
        ...added,
        detail: total
          ? `Sample data added: ${added.customers} customers, ${added.suppliers} suppliers (Singapore, Rotterdam, Jebel Ali) and ${added.fuels} fuels.`
          : 'Sample data is already in place: nothing new to add.',
      };
    },
  );
};
