import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdResponse,
  detailResponse,
  idParams,
  supplier,
  supplierInput,
  supplierListQuery,
  supplierPatch,
  supplierStats,
  supplierUpdate,
} from '@mfd/contracts';
import { notFound } from '@mfd/service-kit';
import { actorOf } from '../data/actor';
import {
  createSupplier,
  findSupplier,
  listSuppliers,
  supplierCounts,
  suppliersForPort,
  updateSupplier,
} from '../data/suppliers.repository';
import type { DirectoryDeps } from '../deps';

const NOT_FOUND = 'Supplier not found';

/** The tenant's suppliers with contacts and port coverage. Deactivating keeps the supplier's history. */
export const supplierRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['suppliers'];

  app.get(
    '/api/suppliers',
    { schema: { tags, querystring: supplierListQuery, response: { 200: z.array(supplier) } } },
    async (request) => listSuppliers(db, request.auth.tenantId, request.query),
  );

  app.get('/api/suppliers/stats', { schema: { tags, response: { 200: supplierStats } } }, async (request) =>
    supplierCounts(db, request.auth.tenantId),
  );

  app.get(
    '/api/suppliers/by-port/:portId',
    {
      schema: {
        tags,
        params: z.object({ portId: z.uuid('Port must be a valid id') }),
        response: { 200: z.array(supplier) },
      },
    },
    async (request) => suppliersForPort(db, request.auth.tenantId, request.params.portId),
  );

  app.get(
    '/api/suppliers/:id',
    { schema: { tags, params: idParams, response: { 200: supplier } } },
    async (request) => {
      const found = await findSupplier(db, request.auth.tenantId, request.params.id);
      if (!found) throw notFound(NOT_FOUND);
      return found;
    },
  );

  app.post(
    '/api/suppliers',
    { schema: { tags, body: supplierInput, response: { 201: createdResponse } } },
    async (request, reply) => {
      const id = await createSupplier(db, actorOf(request.auth), request.body);
      return reply.code(201).send({ success: true, id, detail: 'Supplier created successfully!' });
    },
  );

  // PUT replaces the whole supplier (every field required); PATCH changes only the fields sent.
  for (const [method, body] of [
    ['PUT', supplierUpdate],
    ['PATCH', supplierPatch],
  ] as const) {
    app.route({
      method,
      url: '/api/suppliers/:id',
      schema: { tags, params: idParams, body, response: { 200: detailResponse } },
      handler: async (request) => {
        if (!(await updateSupplier(db, request.auth.tenantId, request.params.id, request.body)))
          throw notFound(NOT_FOUND);
        return { success: true as const, detail: 'Supplier updated successfully!' };
      },
    });
  }
};
