import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, lastDoneResponse, priceHistoryQuery, priceHistoryResponse } from '@mfd/contracts';
import { errorResponses } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { lastDone, priceHistory } from '../domain/insights/price-history';
import { domain } from './route-context';

/** Reports on the company's own offers: what a desk head opens in the morning. */
export const insightRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['insights'];

  app.get(
    '/api/insights/prices',
    {
      schema: {
        operationId: 'getPriceHistory',
        summary:
          'Per port-time day with offers for a grade at a port: the lowest, median and highest offered price, the offers counted and the awarded average (USD per MT; the last 90 days unless from/to say otherwise)',
        tags,
        querystring: priceHistoryQuery,
        response: { 200: priceHistoryResponse, ...errorResponses(400) },
      },
    },
    async (request) => ({ items: await priceHistory(db, request.auth.tenantId, request.query, new Date()) }),
  );

  app.get(
    '/api/inquiries/:id/last-done',
    {
      schema: {
        operationId: 'getLastDone',
        summary:
          'Per fuel line of an inquiry, the price last awarded for its grade at its port (the company’s other inquiries)',
        tags,
        params: idParams,
        response: { 200: lastDoneResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ items: await domain(lastDone(db, request.auth.tenantId, request.params.id)) }),
  );
};
