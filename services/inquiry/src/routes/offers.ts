import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  awardConflictResponse,
  awardInput,
  detailResponse,
  idParams,
  manualOfferInput,
  offerRevision,
  offerSubmitResponse,
  offerComparison,
  offerSealView,
  splitAwardInput,
  supplierResponseStats,
} from '@mfd/contracts';
import { badRequest, errorResponses, typedAnswerSerializer, type MailQuota } from '@mfd/service-kit';
import { supplierResponses } from '../data/offers.repository';
import { supplierLookups } from '../data/suppliers.client';
import type { InquiryDeps } from '../deps';
import { callerOf, domain, onBehalfOf, supplierMailGate } from './route-context';
import { assertInquiryExists, assertOfferExists, awardLines, awardOffer } from '../domain/rfq/award';
import { OfferRevisedError } from '../domain/rfq/offer-errors';
import { inquiryOffers, offerRevisions } from '../domain/rfq/offer-views';
import { inquirySeal } from '../domain/rfq/offer-seal';
import { assertTakesOffers, recordOffer } from '../domain/rfq/submit-offer';

/** The trader's side of the offers: compare, history, record one received by phone, award. */
export const offerRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps; mailQuota: MailQuota }> = async (
  app,
  { deps, mailQuota },
) => {
  const { db } = deps.database;
  const tags = ['offers'];

  app.get(
    '/api/inquiries/:id/offers',
    {
      schema: {
        operationId: 'listInquiryOffers',
        summary: 'The offers on an inquiry, to compare (while sealed: who answered and when, no prices)',
        tags,
        params: idParams,
        response: { 200: offerComparison, ...errorResponses(404) },
      },
      serializerCompiler: typedAnswerSerializer,
    },
    async (request) => domain(inquiryOffers(db, request.auth.tenantId, request.params.id, new Date())),
  );

  app.get(
    '/api/inquiries/:id/offer-seal',
    {
      schema: {
        operationId: 'getOfferSeal',
        summary:
          'Whether an inquiry’s offers are sealed, how many suppliers answered and when the offers open',
        tags,
        params: idParams,
        response: { 200: offerSealView, ...errorResponses(404) },
      },
    },
    async (request) => domain(inquirySeal(db, request.auth.tenantId, request.params.id, new Date())),
  );

  app.get(
    '/api/offers/:id/revisions',
    {
      schema: {
        operationId: 'listOfferRevisions',
        summary: 'Every revision of an offer, oldest first (409 while the offers are sealed)',
        tags,
        params: idParams,
        response: { 200: z.array(offerRevision), ...errorResponses(404, 409) },
      },
    },
    async (request) => domain(offerRevisions(db, request.auth.tenantId, request.params.id, new Date())),
  );

  app.get(
    '/api/offers/supplier-stats',
    {
      schema: {
        operationId: 'listSupplierResponseStats',
        summary: 'How often each supplier answered the inquiries sent to it',
        tags,
        response: { 200: z.array(supplierResponseStats) },
      },
    },
    async (request) => {
      const rows = await supplierResponses(db, request.auth.tenantId);
      return rows.map((row) => ({
        ...row,
        response_rate: row.inquiries_sent > 0 ? row.offers / row.inquiries_sent : null,
      }));
    },
  );

  app.post(
    '/api/inquiries/:id/offers',
    {
      schema: {
        operationId: 'recordOffer',
        summary: 'Record an offer a supplier gave another way (e.g. by phone)',
        tags,
        params: idParams,
        body: manualOfferInput,
        response: { 201: offerSubmitResponse, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { supplier_id: supplierId, ...offer } = request.body;
      await domain(assertTakesOffers(db, callerOf(request), request.params.id));
      const supplier = await supplierLookups(deps.directory, onBehalfOf(request)).supplier(supplierId);
      if (!supplier)
        throw badRequest('Supplier not found: choose one from the list', [
          { field: 'supplier_id', message: 'Supplier not found: choose one from the list' },
        ]);
      const saved = await domain(
        recordOffer(db, callerOf(request), request.params.id, supplier, offer, new Date()),
      );
      return reply.code(201).send({
        success: true,
        offer_id: saved.offerId,
        revision: saved.revision,
        detail: 'Offer recorded successfully!',
      });
    },
  );

  app.post(
    '/api/offers/:id/award',
    {
      schema: {
        operationId: 'awardOffer',
        summary:
          'Award the revision of an offer the trader reviewed: its supplier is told, and the others that they were not chosen',
        tags,
        params: idParams,
        body: awardInput,
        response: {
          200: detailResponse,
          409: awardConflictResponse,
          ...errorResponses(403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const inquiryId = await domain(assertOfferExists(db, callerOf(request), request.params.id));
      const gate = supplierMailGate(deps, mailQuota, request, inquiryId);
      await gate.prepare();
      try {
        await domain(awardOffer(db, callerOf(request), request.params.id, request.body, gate, new Date()));
      } catch (err) {
        // The offer changed under the trader: the answer says to what, so the screen can show it.
        if (err instanceof OfferRevisedError)
          return reply
            .code(409)
            .send({ success: false, detail: err.message, current_revision: err.currentRevision });
        throw err;
      }
      deps.relay.kick();
      return { success: true as const, detail: 'Offer awarded successfully!' };
    },
  );

  app.post(
    '/api/inquiries/:id/award',
    {
      schema: {
        operationId: 'awardInquiryLines',
        summary:
          'Award each fuel line to the offer picked for it (a split award) or leave it not placed: each winner is told of its own lines, the others that they were not chosen',
        tags,
        params: idParams,
        body: splitAwardInput,
        response: {
          200: detailResponse,
          409: awardConflictResponse,
          ...errorResponses(403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await domain(assertInquiryExists(db, callerOf(request), request.params.id));
      const gate = supplierMailGate(deps, mailQuota, request, request.params.id);
      await gate.prepare();
      try {
        await domain(awardLines(db, callerOf(request), request.params.id, request.body, gate, new Date()));
      } catch (err) {
        if (err instanceof OfferRevisedError)
          return reply.code(409).send({
            success: false,
            detail: err.message,
            current_revision: err.currentRevision,
            offer_id: err.offerId,
          });
        throw err;
      }
      deps.relay.kick();
      return { success: true as const, detail: 'Inquiry awarded successfully!' };
    },
  );
};
