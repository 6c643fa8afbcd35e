import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdResponse,
  customer,
  customerCreate,
  customerListQuery,
  customerPatch,
  customerSearchResult,
  customerStats,
  customerUpdate,
  detailResponse,
  idParams,
  searchQuery,
} from '@mfd/contracts';
import { bearerToken, errorResponses, notFound } from '@mfd/service-kit';
import { actorOf } from '../data/actor';
import {
  createCustomer,
  customerStats as readStats,
  deleteCustomer,
  findCustomer,
  listCustomers,
  searchCustomers,
  toCustomer,
  updateCustomer,
} from '../data/customers.repository';
import { defaultSellingTerms } from '../data/identity.client';
import type { DirectoryDeps } from '../deps';

const NOT_FOUND = 'Customer not found';

/** The tenant's customers (spec §7). A customer of another company is a 404. */
export const customerRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['customers'];

  // The spec's list and "detailed" list answer the same rows; both page and filter.
  for (const [url, operationId, summary] of [
    ['/api/customers', 'listCustomers', 'List customers, paged and filtered (X-Total-Count holds the total)'],
    [
      '/api/customers/detailed',
      'listCustomersDetailed',
      'List customers with every detail (as listCustomers)',
    ],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          operationId,
          summary,
          tags,
          querystring: customerListQuery,
          response: { 200: z.array(customer) },
        },
      },
      async (request, reply) => {
        const { rows, total } = await listCustomers(db, request.auth.tenantId, request.query);
        reply.header('x-total-count', String(total));
        return rows.map(toCustomer);
      },
    );
  }

  app.get(
    '/api/customers/stats',
    {
      schema: {
        operationId: 'getCustomerStats',
        summary: 'Count the company’s customers',
        tags,
        response: { 200: customerStats },
      },
    },
    async (request) => readStats(db, request.auth.tenantId),
  );

  app.get(
    '/api/customers/search',
    {
      schema: {
        operationId: 'searchCustomers',
        summary: 'Find customers by name or details (for pickers; fewer than 2 characters find none)',
        tags,
        querystring: searchQuery,
        response: { 200: z.array(customerSearchResult) },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      if (q.length < 2) return [];
      const rows = await searchCustomers(db, request.auth.tenantId, q, limit);
      return rows.map((row) => {
        const view = toCustomer(row);
        return {
          id: view.id,
          display_name: view.display_name,
          name: view.legal_entity_name,
          subtitle: [view.city, view.country].filter(Boolean).join(', ') || view.general_email || '',
          general_email: view.general_email,
        };
      });
    },
  );

  app.get(
    '/api/customers/:id',
    {
      schema: {
        operationId: 'getCustomer',
        summary: 'One customer',
        tags,
        params: idParams,
        response: { 200: customer, ...errorResponses(404) },
      },
    },
    async (request) => {
      const row = await findCustomer(db, request.auth.tenantId, request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      return toCustomer(row);
    },
  );

  app.post(
    '/api/customers/detailed',
    {
      schema: {
        operationId: 'createCustomer',
        summary: 'Add a customer (without selling terms: the company’s default selling terms)',
        tags,
        body: customerCreate,
        response: { 201: createdResponse },
      },
    },
    async (request, reply) => {
      const selling_terms =
        request.body.selling_terms ??
        (await defaultSellingTerms(deps.identity, {
          token: bearerToken(request.headers.authorization),
          requestId: request.id,
        }));
      const id = await createCustomer(db, actorOf(request.auth), { ...request.body, selling_terms });
      return reply.code(201).send({ success: true, id, detail: 'Customer added successfully!' });
    },
  );

  // PUT replaces the whole customer (every edit field sent); PATCH changes only the fields sent.
  for (const [method, body, operationId, summary] of [
    ['PUT', customerUpdate, 'replaceCustomer', 'Replace a customer (every field is sent)'],
    ['PATCH', customerPatch, 'updateCustomer', 'Change the fields sent of a customer'],
  ] as const) {
    app.route({
      method,
      url: '/api/customers/:id',
      schema: {
        operationId,
        summary,
        tags,
        params: idParams,
        body,
        response: { 200: detailResponse, ...errorResponses(404) },
      },
      handler: async (request) => {
        if (!(await updateCustomer(db, request.auth.tenantId, request.params.id, request.body)))
          throw notFound(NOT_FOUND);
        return { success: true as const, detail: 'Customer updated successfully!' };
      },
    });
  }

  app.delete(
    '/api/customers/:id',
    {
      schema: {
        operationId: 'deleteCustomer',
        summary: 'Delete a customer',
        tags,
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!(await deleteCustomer(db, request.auth.tenantId, request.params.id))) throw notFound(NOT_FOUND);
      return { success: true as const, detail: 'Customer deleted successfully' };
    },
  );
};
