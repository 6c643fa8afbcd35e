import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, timelineQuery, timelineResponse } from '@mfd/contracts';
import { errorResponses } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { inquiryTimeline } from '../domain/timeline';
import { domain } from './route-context';

/** The inquiry's audit trail as its Timeline tab reads it. */
export const timelineRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/api/inquiries/:id/timeline',
    {
      schema: {
        operationId: 'getInquiryTimeline',
        summary:
          'Everything that happened to an inquiry, oldest first, paged (who, when, what, and each change before and after)',
        tags: ['inquiries'],
        params: idParams,
        querystring: timelineQuery,
        response: { 200: timelineResponse, ...errorResponses(404) },
      },
    },
    async (request) =>
      domain(inquiryTimeline(db, request.auth.tenantId, request.params.id, request.query, new Date())),
  );
};
