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
import { errorResponses, notFound } from '@mfd/service-kit';
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
    {
      schema: {
        operationId: 'listSuppliers',
        summary: 'List the company’s suppliers, filtered',
        tags,
        querystring: supplierListQuery,
        response: { 200: z.array(supplier) },
      },
    },
    async (request) => listSuppliers(db, request.auth.tenantId, request.query),
  );

  app.get(
    '/api/suppliers/stats',
    {
      schema: {
        operationId: 'getSupplierStats',
        summary: 'Count the company’s suppliers',
        tags,
        response: { 200: supplierStats },
      },
    },
    async (request) => supplierCounts(db, request.auth.tenantId),
  );

  app.get(
    '/api/suppliers/by-port/:portId',
    {
      schema: {
        operationId: 'listSuppliersForPort',
        summary: 'List the company’s suppliers covering a port',
        tags,
        params: z.object({ portId: z.uuid('Port must be a valid id') }),
        response: { 200: z.array(supplier) },
      },
    },
    async (request) => suppliersForPort(db, request.auth.tenantId, request.params.portId),
  );

  app.get(
    '/api/suppliers/:id',
    {
      schema: {
        operationId: 'getSupplier',
        summary: 'One supplier with its contacts and ports',
        tags,
        params: idParams,
        response: { 200: supplier, ...errorResponses(404) },
      },
    },
    async (request) => {
      const found = await findSupplier(db, request.auth.tenantId, request.params.id);
      if (!found) throw notFound(NOT_FOUND);
      return found;
    },
  );

  app.post(
    '/api/suppliers',
    {
      schema: {
        operationId: 'createSupplier',
        summary: 'Add a supplier',
        tags,
        body: supplierInput,
        response: { 201: createdResponse },
      },
    },
    async (request, reply) => {
      const id = await createSupplier(db, actorOf(request.auth), request.body);
      return reply.code(201).send({ success: true, id, detail: 'Supplier created successfully!' });
    },
  );

  // PUT replaces the whole supplier (every field required); PATCH changes only the fields sent.
  for (const [method, body, operationId, summary] of [
    ['PUT', supplierUpdate, 'replaceSupplier', 'Replace a supplier (every field is sent)'],
    ['PATCH', supplierPatch, 'updateSupplier', 'Change the fields sent of a supplier (e.g. deactivate it)'],
  ] as const) {
    app.route({
      method,
      url: '/api/suppliers/:id',
      schema: {
        operationId,
        summary,
        tags,
        params: idParams,
        body,
        response: { 200: detailResponse, ...errorResponses(404) },
      },
      handler: async (request) => {
        if (!(await updateSupplier(db, request.auth.tenantId, request.params.id, request.body)))
          throw notFound(NOT_FOUND);
        return { success: true as const, detail: 'Supplier updated successfully!' };
      },
    });
  }
};
