import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clauseInput, clauseView, detailResponse, idParams } from '@mfd/contracts';
import { errorResponses } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { addClause, changeClause, clauseList, removeClause } from '../domain/stems/clause-library';
import { domain } from './route-context';

/** The company's clause library: every trader reads it, company admins edit it. */
export const clauseRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['stems'];
  const admin = { role: 'admin' as const };

  app.get(
    '/api/clauses',
    {
      schema: {
        operationId: 'listClauses',
        summary: 'The company’s clause library, oldest first',
        tags,
        response: { 200: z.array(clauseView) },
      },
    },
    async (request) => clauseList(db, request.auth.tenantId),
  );

  app.post(
    '/api/clauses',
    {
      config: admin,
      schema: {
        operationId: 'createClause',
        summary: 'Add a clause to the library (company admins); a default clause goes on every new stem',
        tags,
        body: clauseInput,
        response: { 201: clauseView, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await domain(addClause(db, request.auth.tenantId, request.body))),
  );

  app.put(
    '/api/clauses/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateClause',
        summary: 'Change a clause of the library (company admins); stems keep the wording they were given',
        tags,
        params: idParams,
        body: clauseInput,
        response: { 200: clauseView, ...errorResponses(403, 404) },
      },
    },
    async (request) => domain(changeClause(db, request.auth.tenantId, request.params.id, request.body)),
  );

  app.delete(
    '/api/clauses/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteClause',
        summary: 'Delete a clause from the library (company admins); stems keep their copy',
        tags,
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      await domain(removeClause(db, request.auth.tenantId, request.params.id));
      return { success: true as const, detail: 'Clause deleted' };
    },
  );
};
