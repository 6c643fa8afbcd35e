import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  closedLinkResponse,
  declineInput,
  declineResponse,
  DECLINED_MESSAGE,
  offerSubmit,
  offerSubmitResponse,
  offerTokenParams,
  publicOfferPage,
  STEM_ACKNOWLEDGED_MESSAGE,
  stemAcknowledgeInput,
  stemAcknowledgeResponse,
  stemLinkClosedResponse,
} from '@mfd/contracts';
import { badRequest, errorResponses, notFound } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { declineByLink } from '../domain/rfq/decline-offer';
import { OfferInputError, OfferLinkClosedError, OfferNotFoundError } from '../domain/rfq/offer-errors';
import { offerPage } from '../domain/rfq/offer-views';
import {
  acknowledgeByLink,
  assertStemLinkOpen,
  StemLinkClosedError,
  StemLinkNotFoundError,
} from '../domain/stems/acknowledge-stem';
import { assertLinkOpen, submitByLink } from '../domain/rfq/submit-offer';
import { offerKind, offerSubmissions } from '../metrics';

/** Any text: a malformed token answers 404 like an unknown one, never 400, so probing learns nothing. */
const tokenParams = z.object({ token: z.string() });
const LINK_NOT_FOUND = 'This offer link is not valid.';

function knownShape(token: string): string {
  if (!offerTokenParams.safeParse({ token }).success) throw notFound(LINK_NOT_FOUND);
  return token;
}

/** A closed link answers 410 with its state; the rest as the error table says. */
function answerRefusal(err: unknown, reply: FastifyReply) {
  if (err instanceof OfferLinkClosedError)
    return reply
      .code(410)
      .send({ success: false, detail: err.message, state: err.state, trader: err.trader });
  if (err instanceof OfferNotFoundError) throw notFound(LINK_NOT_FOUND);
  if (err instanceof OfferInputError) throw badRequest(err.message, err.errors);
  throw err;
}

/** A closed acknowledgement link answers 410 with why; an unknown one 404 like an offer link. */
function answerAcknowledgeRefusal(err: unknown, reply: FastifyReply) {
  if (err instanceof StemLinkClosedError)
    return reply.code(410).send({ success: false, detail: err.message, state: err.state });
  if (err instanceof StemLinkNotFoundError) throw notFound(LINK_NOT_FOUND);
  throw err;
}

/**
 * A supplier's personal offer page, reached without an account: the token in the path is the only
 * credential (the gateway limits how often each token and address may try).
 */
export const publicOfferRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['public offers'];
  const config = { public: true };
  const submissions = offerSubmissions(app.metrics);

  app.get(
    '/api/public/offers/:token',
    {
      config,
      schema: {
        operationId: 'getPublicOffer',
        summary: 'A supplier’s offer page: the inquiry, and their offer so far',
        tags,
        params: tokenParams,
        response: { 200: publicOfferPage, 410: closedLinkResponse, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const token = knownShape(request.params.token);
      return offerPage(db, token, new Date()).catch((err: unknown) => answerRefusal(err, reply));
    },
  );

  app.post(
    '/api/public/offers/:token',
    {
      config,
      // The link is looked at before the body: a closed link says why rather than list field errors.
      attachValidation: true,
      schema: {
        operationId: 'submitPublicOffer',
        summary: 'Submit or revise a supplier’s offer through their link',
        tags,
        params: tokenParams,
        body: offerSubmit,
        response: { 200: offerSubmitResponse, 410: closedLinkResponse, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const token = knownShape(request.params.token);
      try {
        const now = new Date();
        await assertLinkOpen(db, token, now);
        if (request.validationError) throw request.validationError;
        const saved = await submitByLink(db, token, request.body, now);
        submissions.inc({ kind: offerKind(saved.revision) });
        return {
          success: true as const,
          offer_id: saved.offerId,
          revision: saved.revision,
          detail: saved.revision === 1 ? 'Offer submitted successfully!' : 'Offer updated successfully!',
        };
      } catch (err) {
        return answerRefusal(err, reply);
      }
    },
  );

  app.post(
    '/api/public/offers/:token/decline',
    {
      config,
      attachValidation: true,
      schema: {
        operationId: 'declinePublicOffer',
        summary:
          'Decline to quote through a supplier’s link, with a reason (a standing offer of the supplier is withdrawn)',
        tags,
        params: tokenParams,
        body: declineInput,
        response: { 200: declineResponse, 410: closedLinkResponse, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const token = knownShape(request.params.token);
      try {
        const now = new Date();
        await assertLinkOpen(db, token, now);
        if (request.validationError) throw request.validationError;
        const declined = await declineByLink(db, token, request.body, now);
        return { success: true as const, detail: DECLINED_MESSAGE, offer_withdrawn: declined.offerWithdrawn };
      } catch (err) {
        return answerRefusal(err, reply);
      }
    },
  );
  app.post(
    '/api/public/offers/:token/acknowledge',
    {
      config,
      // The link is looked at before the body, as for the offer: a closed link says why.
      attachValidation: true,
      schema: {
        operationId: 'acknowledgeStem',
        summary:
          'The supplier acknowledges a stem confirmation through the personal link of its mail, with its name',
        tags,
        params: tokenParams,
        body: stemAcknowledgeInput,
        response: {
          200: stemAcknowledgeResponse,
          410: stemLinkClosedResponse,
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const token = knownShape(request.params.token);
      try {
        const now = new Date();
        await assertStemLinkOpen(db, token, now);
        if (request.validationError) throw request.validationError;
        const done = await acknowledgeByLink(db, token, request.body.name, now);
        return {
          success: true as const,
          detail: STEM_ACKNOWLEDGED_MESSAGE,
          reference: done.reference,
          acknowledged_at: done.acknowledgedAt.toISOString(),
        };
      } catch (err) {
        return answerAcknowledgeRefusal(err, reply);
      }
    },
  );
};
