import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  stemConfirmationQuery,
  stemSendInput,
  stemClausesInput,
  stemPricingInput,
  stemsQuery,
  stemsResponse,
  stemView,
} from '@mfd/contracts';
import { errorResponses, type MailQuota } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { confirmationContent, confirmationFilename } from '../domain/stems/confirmation-content';
import { renderConfirmationPdf } from '../domain/stems/confirmation-pdf';
import { assertStemExists, sendStem } from '../domain/stems/send-stem';
import { setStemClauses, setStemPricing, stemDetail, stemList } from '../domain/stems/stems';
import { callerOf, domain, ownerStanding, supplierMailGate } from './route-context';

/** Stems: what each award confirmed with a winning supplier, priced and worded by the trader. */
export const stemRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps; mailQuota: MailQuota }> = async (
  app,
  { deps, mailQuota },
) => {
  const { db } = deps.database;
  const tags = ['stems'];

  app.get(
    '/api/stems',
    {
      schema: {
        operationId: 'listStems',
        summary:
          'A page of the company’s stems, newest first, optionally of one status or inquiry, or matching a search (X-Total-Count holds the total)',
        tags,
        querystring: stemsQuery,
        response: { 200: stemsResponse },
      },
    },
    async (request, reply) => {
      const { inquiry_id: inquiryId, ...filter } = request.query;
      const { items, total } = await stemList(db, request.auth.tenantId, { ...filter, inquiryId });
      reply.header('x-total-count', String(total));
      return { items };
    },
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
  app.get(
    '/api/stems/:id/confirmation.pdf',
    {
      schema: {
        operationId: 'getStemConfirmation',
        summary:
          'The stem’s confirmation as a PDF: the supplier’s copy with buy prices, or the customer’s with sell prices and the selling terms',
        tags,
        params: idParams,
        querystring: stemConfirmationQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const stem = await domain(stemDetail(db, request.auth.tenantId, request.params.id));
      // Signed as the inquiry's owner, as its mails are; without identity the document goes unsigned.
      const standing = await ownerStanding(deps, request, stem.inquiry_id);
      const { copy } = request.query;
      const pdf = await renderConfirmationPdf(
        confirmationContent(stem, copy, standing?.sender.signature ?? null),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${confirmationFilename(stem.reference, copy)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/stems/:id/send',
    {
      schema: {
        operationId: 'sendStem',
        summary:
          'Mail the confirmation: the supplier its copy with a fresh link to acknowledge it, the customer, agent and cc the customer’s copy',
        tags,
        params: idParams,
        body: stemSendInput,
        response: { 200: stemView, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const inquiryId = await domain(assertStemExists(db, caller.tenantId, request.params.id));
      const gate = supplierMailGate(deps, mailQuota, request, inquiryId);
      await gate.prepare();
      const sent = await domain(
        sendStem(
          db,
          caller,
          request.params.id,
          request.body,
          { gate, secrets: deps.mailSecrets },
          new Date(),
        ),
      );
      deps.relay.kick();
      return sent;
    },
  );
};
