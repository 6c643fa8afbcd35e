import type { FastifyRequest } from 'fastify';
import { badRequest, bearerToken, conflict, notFound } from '@mfd/service-kit';
import { InquiryInputError, InquiryNotFoundError, type Caller } from '../domain/inquiries';
import { InquiryTransitionError } from '../domain/inquiry-lifecycle';
import { DistributionRefusedError } from '../domain/rfq/distribute';
import { OfferExpiredError, OfferInputError, OfferNotFoundError } from '../domain/rfq/offer-errors';
import { OfferTransitionError } from '../domain/rfq/offer-lifecycle';

/** Domain refusals as the error table says: bad input 400, unknown or foreign 404, a move the state forbids 409. */
function asHttpError(err: unknown): unknown {
  if (err instanceof InquiryInputError || err instanceof OfferInputError)
    return badRequest(err.message, err.errors);
  if (err instanceof InquiryNotFoundError || err instanceof OfferNotFoundError) return notFound(err.message);
  if (
    err instanceof InquiryTransitionError ||
    err instanceof OfferTransitionError ||
    err instanceof OfferExpiredError ||
    err instanceof DistributionRefusedError
  )
    return conflict(err.message);
  return err;
}

/** A use case's answer, its refusals turned into HTTP errors. */
export function domain<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    throw asHttpError(err);
  });
}

/** Who is calling, for the use cases (tenant isolation lives in them), named as the audit trail records it. */
export function callerOf(request: FastifyRequest): Caller {
  return { tenantId: request.auth.tenantId, userId: request.auth.userId, name: request.actorName };
}

/** The caller's token and request id, for calls to the other services on the caller's behalf. */
export function onBehalfOf(request: FastifyRequest) {
  return { token: bearerToken(request.headers.authorization), requestId: request.id };
}
