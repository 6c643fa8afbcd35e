import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addStandardFuelsResponse,
  createdResponse,
  detailResponse,
  idParams,
  product,
  productInput,
} from '@mfd/contracts';
import { conflict, errorResponses, notFound } from '@mfd/service-kit';
import { actorOf as actor, isUniqueViolation } from '../data/actor';
import {
  addStandardFuels,
  createProduct,
  deleteProduct,
  listProducts,
  updateProduct,
} from '../data/products.repository';
import type { DirectoryDeps } from '../deps';

const operator = { operator: true } as const;

function duplicateCode(err: unknown, code: string): never {
  if (isUniqueViolation(err)) {
    const message = `A product with code ${code} already exists`;
    throw conflict(message, [{ field: 'code', message }]);
  }
  throw err;
}

/** Products are shared reference data: everyone reads them, platform operators change them. */
export const productRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/api/products',
    {
      schema: {
        operationId: 'listProducts',
        summary: 'List the fuel products',
        tags: ['products'],
        response: { 200: z.array(product) },
      },
    },
    async () => listProducts(db),
  );

  app.post(
    '/api/products',
    {
      config: operator,
      schema: {
        operationId: 'createProduct',
        summary: 'Add a fuel product (platform operators)',
        tags: ['products'],
        body: productInput,
        response: { 201: createdResponse, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const id = await createProduct(db, request.body, actor(request.auth)).catch((err: unknown) =>
        duplicateCode(err, request.body.code),
      );
      return reply.code(201).send({ success: true, id, detail: 'Product added successfully!' });
    },
  );

  app.put(
    '/api/products/:id',
    {
      config: operator,
      schema: {
        operationId: 'updateProduct',
        summary: 'Change a fuel product (platform operators)',
        tags: ['products'],
        params: idParams,
        body: productInput,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const updated = await updateProduct(db, request.params.id, request.body, actor(request.auth)).catch(
        (err: unknown) => duplicateCode(err, request.body.code),
      );
      if (!updated) throw notFound('Product not found');
      return { success: true as const, detail: 'Product updated successfully!' };
    },
  );

  app.delete(
    '/api/products/:id',
    {
      config: operator,
      schema: {
        operationId: 'deleteProduct',
        summary: 'Delete a fuel product (platform operators)',
        tags: ['products'],
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!(await deleteProduct(db, request.params.id))) throw notFound('Product not found');
      return { success: true as const, detail: 'Product deleted successfully!' };
    },
  );

  app.post(
    '/api/products/add-standard-fuels',
    {
      config: operator,
      schema: {
        operationId: 'addStandardFuels',
        summary: 'Add the standard fuels HSFO, VLSFO and MGO where missing (platform operators)',
        tags: ['products'],
        response: { 200: addStandardFuelsResponse },
      },
    },
    async (request) => {
      const added = await addStandardFuels(db, actor(request.auth));
      return {
        success: true as const,
        added,
        detail: added
          ? `Added ${added} standard fuel(s): HSFO, VLSFO, MGO.`
          : 'The standard fuels are already in the list.',
      };
    },
  );
};
