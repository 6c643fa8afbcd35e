import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  distributedMessage,
  distributeInput,
  distributeResponse,
  idParams,
  inquiryRecipient,
  MAX_RECIPIENTS_LISTED,
  suggestedSupplier,
  suggestedSuppliersQuery,
} from '@mfd/contracts';
import { errorResponses, notFound, type MailQuota } from '@mfd/service-kit';
import { findInquiry } from '../data/inquiries.repository';
import { listRecipientAddresses } from '../data/recipients.repository';
import { supplierLookups } from '../data/suppliers.client';
import type { InquiryDeps } from '../deps';
import { callerOf, domain, onBehalfOf, supplierMailGate } from './route-context';
import { distributeInquiry } from '../domain/rfq/distribute';
import { suggestedSuppliers } from '../domain/rfq/suggested-suppliers';

/** Which suppliers an inquiry may go to, and sending it to them (spec §2 Suppliers tab, §7). */
export const distributionRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps; mailQuota: MailQuota }> = async (
  app,
  { deps, mailQuota },
) => {
  const { db } = deps.database;
  const tags = ['inquiries'];

  app.get(
    '/api/inquiries/:id/suggested-suppliers',
    {
      schema: {
        operationId: 'listSuggestedSuppliers',
        summary: 'The suppliers an inquiry may be sent to: those covering its port, or all',
        tags,
        params: idParams,
        querystring: suggestedSuppliersQuery,
        response: { 200: z.array(suggestedSupplier), ...errorResponses(404) },
      },
    },
    async (request) =>
      domain(
        suggestedSuppliers(
          db,
          supplierLookups(deps.directory, onBehalfOf(request)),
          request.auth.tenantId,
          request.params.id,
          request.query.all,
        ),
      ),
  );

  app.get(
    '/api/inquiries/:id/recipients',
    {
      schema: {
        operationId: 'listInquiryRecipients',
        summary:
          'The addresses an inquiry went to, whom its amendments and cancel notice reach (X-Total-Count holds the total)',
        tags,
        params: idParams,
        response: { 200: z.array(inquiryRecipient), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.auth;
      if (!(await findInquiry(db, tenantId, request.params.id))) throw notFound('Inquiry not found');
      const { rows, total } = await listRecipientAddresses(
        db,
        tenantId,
        request.params.id,
        MAX_RECIPIENTS_LISTED,
      );
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.post(
    '/api/inquiries/:id/distribute',
    {
      schema: {
        operationId: 'distributeInquiry',
        summary: 'Send an inquiry to the chosen suppliers as a request for quotation',
        tags,
        params: idParams,
        body: distributeInput,
        response: { 200: distributeResponse, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) => {
      const result = await domain(
        distributeInquiry(
          {
            db,
            suppliers: supplierLookups(deps.directory, onBehalfOf(request)),
            gate: supplierMailGate(deps, mailQuota, request, request.params.id),
            secrets: deps.mailSecrets,
          },
          callerOf(request),
          request.params.id,
          request.body,
        ),
      );
      if (result.distributed_count > 0) deps.relay.kick();
      return {
        success: true as const,
        ...result,
        detail:
          result.distributed_count > 0
            ? distributedMessage(result.distributed_count)
            : `Distribution processed: ${result.status}`,
      };
    },
  );
};
