import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  company,
  companyQuery,
  companyUpdate,
  createdResponse,
  detailResponse,
  idParams,
  supplierCompanyCreate,
} from '@mfd/contracts';
import { errorResponses, notFound } from '@mfd/service-kit';
import { actorOf } from '../data/actor';
import { createSupplierCompany, listCompanies, updateCompany } from '../data/companies.repository';
import type { DirectoryDeps } from '../deps';

/** The tenant's companies: customers and the companies behind suppliers. */
export const companyRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['companies'];

  app.get(
    '/api/companies',
    {
      schema: {
        operationId: 'listCompanies',
        summary: 'List the company’s customer and supplier companies',
        tags,
        querystring: companyQuery,
        response: { 200: z.array(company) },
      },
    },
    async (request) => listCompanies(db, request.auth.tenantId, request.query.type),
  );

  app.post(
    '/api/companies',
    {
      schema: {
        operationId: 'createSupplierCompany',
        summary: 'Add a supplier company',
        tags,
        body: supplierCompanyCreate,
        response: { 201: createdResponse },
      },
    },
    async (request, reply) => {
      const { type: _type, ...values } = request.body;
      const id = await createSupplierCompany(db, actorOf(request.auth), values);
      return reply.code(201).send({ success: true, id, detail: 'Company created successfully!' });
    },
  );

  app.put(
    '/api/companies/:id',
    {
      schema: {
        operationId: 'updateCompany',
        summary: 'Change a company',
        tags,
        params: idParams,
        body: companyUpdate,
        response: { 200: detailResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!(await updateCompany(db, request.auth.tenantId, request.params.id, request.body)))
        throw notFound('Company not found');
      return { success: true as const, detail: 'Company updated successfully!' };
    },
  );
};
