import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  awardInput,
  detailResponse,
  idParams,
  manualOfferInput,
  offerRevision,
  offerSubmitResponse,
  offerView,
  supplierResponseStats,
} from '@mfd/contracts';
import { badRequest, bearerToken, conflict, errorResponses, notFound } from '@mfd/service-kit';
import { senderProfile } from '../data/identity.client';
import { supplierResponses } from '../data/offers.repository';
import { supplierLookups } from '../data/suppliers.client';
import type { InquiryDeps } from '../deps';
import type { Caller } from '../domain/inquiries';
import { InquiryTransitionError } from '../domain/inquiry-lifecycle';
import { assertOfferExists, awardOffer } from '../domain/rfq/award';
import { OfferExpiredError, OfferInputError, OfferNotFoundError } from '../domain/rfq/offer-errors';
import { OfferTransitionError } from '../domain/rfq/offer-lifecycle';
import { inquiryOffers, offerRevisions } from '../domain/rfq/offer-views';
import { assertTakesOffers, recordOffer } from '../domain/rfq/submit-offer';

/** Domain refusals as the error table says: bad input 400, unknown or foreign 404, a move the status forbids 409. */
function asHttpError(err: unknown): unknown {
  if (err instanceof OfferInputError) return badRequest(err.message, err.errors);
  if (err instanceof OfferNotFoundError) return notFound(err.message);
  if (
    err instanceof InquiryTransitionError ||
    err instanceof OfferTransitionError ||
    err instanceof OfferExpiredError
  )
    return conflict(err.message);
  return err;
}

/** The trader's side of the offers: compare, history, record one received by phone, award. */
export const offerRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['offers'];
  const caller = (request: FastifyRequest): Caller => ({
    tenantId: request.auth.tenantId,
    userId: request.auth.userId,
  });
  const auth = (request: FastifyRequest) => ({
    token: bearerToken(request.headers.authorization),
    requestId: request.id,
  });
  const domain = <T>(work: Promise<T>): Promise<T> =>
    work.catch((err: unknown) => {
      throw asHttpError(err);
    });

  app.get(
    '/api/inquiries/:id/offers',
    {
      schema: {
        operationId: 'listInquiryOffers',
        summary: 'The offers on an inquiry, to compare',
        tags,
        params: idParams,
        response: { 200: z.array(offerView), ...errorResponses(404) },
      },
    },
    async (request) => domain(inquiryOffers(db, request.auth.tenantId, request.params.id, new Date())),
  );

  app.get(
    '/api/offers/:id/revisions',
    {
      schema: {
        operationId: 'listOfferRevisions',
        summary: 'Every revision of an offer, oldest first',
        tags,
        params: idParams,
        response: { 200: z.array(offerRevision), ...errorResponses(404) },
      },
    },
    async (request) => domain(offerRevisions(db, request.auth.tenantId, request.params.id)),
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
      await domain(assertTakesOffers(db, caller(request), request.params.id));
      const supplier = await supplierLookups(deps.directory, auth(request)).supplier(supplierId);
      if (!supplier)
        throw badRequest('Supplier not found: choose one from the list', [
          { field: 'supplier_id', message: 'Supplier not found: choose one from the list' },
        ]);
      const saved = await domain(
        recordOffer(db, caller(request), request.params.id, supplier, offer, new Date()),
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
        summary: 'Award an offer: its supplier is told, and the others that they were not chosen',
        tags,
        params: idParams,
        body: awardInput,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await domain(assertOfferExists(db, caller(request), request.params.id));
      const sender = await senderProfile(deps.identity, auth(request));
      await domain(
        awardOffer(db, caller(request), request.params.id, request.body.notes, sender, new Date()),
      );
      deps.relay.kick();
      return { success: true as const, detail: 'Offer awarded successfully!' };
    },
  );
};
