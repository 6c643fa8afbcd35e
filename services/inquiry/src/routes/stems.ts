import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParams,
  stemClausesInput,
  stemPricingInput,
  stemsQuery,
  stemsResponse,
  stemView,
} from '@mfd/contracts';
import { errorResponses } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { setStemClauses, setStemPricing, stemDetail, stemList } from '../domain/stems/stems';
import { callerOf, domain } from './route-context';

/** Stems: what each award confirmed with a winning supplier, priced and worded by the trader. */
export const stemRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['stems'];

  app.get(
    '/api/stems',
    {
      schema: {
        operationId: 'listStems',
        summary: 'The company’s stems, newest first, optionally of one status',
        tags,
        querystring: stemsQuery,
        response: { 200: stemsResponse },
      },
    },
    async (request) => ({ items: await stemList(db, request.auth.tenantId, request.query.status) }),
  );

  app.get(
    '/api/stems/:id',
    {
      schema: {
        operationId: 'getStem',
        summary: 'One stem with its buy and sell prices, charges, terms, clauses and margin or commission',
        tags,
        params: idParams,
        response: { 200: stemView, ...errorResponses(404) },
      },
    },
    async (request) => domain(stemDetail(db, request.auth.tenantId, request.params.id)),
  );

  app.put(
    '/api/stems/:id/pricing',
    {
      schema: {
        operationId: 'setStemPricing',
        summary: 'Set the markup (sell above buy) or broker’s commission of each line, as a whole',
        tags,
        params: idParams,
        body: stemPricingInput,
        response: { 200: stemView, ...errorResponses(404, 409) },
      },
    },
    async (request) => domain(setStemPricing(db, callerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/stems/:id/clauses',
    {
      schema: {
        operationId: 'setStemClauses',
        summary: 'Choose the stem’s clauses from the company’s library, in order (while a draft)',
        tags,
        params: idParams,
        body: stemClausesInput,
        response: { 200: stemView, ...errorResponses(404, 409) },
      },
    },
    async (request) => domain(setStemClauses(db, callerOf(request), request.params.id, request.body)),
  );
};
