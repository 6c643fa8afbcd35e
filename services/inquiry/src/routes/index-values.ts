import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, indexValuesInput, indexValuesResponse, indexValueView } from '@mfd/contracts';
import { errorResponses } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { inquiryIndexValues, setIndexValues } from '../domain/rfq/index-values';
import { callerOf, domain } from './route-context';

/** The benchmark values a trader compares an inquiry's index-linked offers with. */
export const indexValueRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['offers'];

  app.get(
    '/api/inquiries/:id/index-values',
    {
      schema: {
        operationId: 'listIndexValues',
        summary: 'The index values the inquiry’s index-linked offers are compared at',
        tags,
        params: idParams,
        response: { 200: z.array(indexValueView), ...errorResponses(404) },
      },
    },
    async (request) => domain(inquiryIndexValues(db, request.auth.tenantId, request.params.id)),
  );

  app.put(
    '/api/inquiries/:id/index-values',
    {
      schema: {
        operationId: 'setIndexValues',
        summary: 'Set the index values (as a whole) to compare index-linked offers at',
        tags,
        params: idParams,
        body: indexValuesInput,
        response: { 200: indexValuesResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const values = await domain(setIndexValues(db, callerOf(request), request.params.id, request.body));
      return { success: true as const, detail: 'Index values saved', values };
    },
  );
};
