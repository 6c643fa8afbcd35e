import type { FastifyRequest } from 'fastify';
import {
  badRequest,
  bearerToken,
  conflict,
  forbidden,
  notFound,
  serviceUnavailable,
  type MailQuota,
} from '@mfd/service-kit';
import { senderStanding } from '../data/identity.client';
import { inquiryOwnerId } from '../data/inquiries.repository';
import type { InquiryDeps } from '../deps';
import { InquiryInputError, InquiryNotFoundError, type Caller } from '../domain/inquiries';
import { InquiryTransitionError } from '../domain/inquiry-lifecycle';
import { DistributionRefusedError } from '../domain/rfq/distribute';
import { OfferExpiredError, OfferInputError, OfferNotFoundError } from '../domain/rfq/offer-errors';
import { OfferTransitionError } from '../domain/rfq/offer-lifecycle';
import { OffersSealedError } from '../domain/rfq/offer-seal';
import { NothingPendingError } from '../domain/rfq/send-amendment';
import {
  ClauseLimitError,
  StemInputError,
  StemLifeConflictError,
  StemNotFoundError,
} from '../domain/stems/stem-errors';
import { StemTransitionError } from '../domain/stems/stem-lifecycle';
import {
  MailboxUnverifiedError,
  SenderUnknownError,
  SentMeanwhileError,
  SupplierMailGate,
} from '../domain/rfq/supplier-mail-gate';

/**
 * Domain refusals as the error table says: bad input 400, a mailbox not verified for sending 403,
 * unknown or foreign 404, a move the state forbids 409, a sender identity cannot vouch for 503.
 */
function asHttpError(err: unknown): unknown {
  if (err instanceof InquiryInputError || err instanceof OfferInputError || err instanceof StemInputError)
    return badRequest(err.message, err.errors);
  if (err instanceof MailboxUnverifiedError) return forbidden(err.message);
  if (
    err instanceof InquiryNotFoundError ||
    err instanceof OfferNotFoundError ||
    err instanceof StemNotFoundError
  )
    return notFound(err.message);
  if (
    err instanceof InquiryTransitionError ||
    err instanceof OfferTransitionError ||
    err instanceof StemTransitionError ||
    err instanceof StemLifeConflictError ||
    err instanceof ClauseLimitError ||
    err instanceof OfferExpiredError ||
    err instanceof DistributionRefusedError ||
    err instanceof OffersSealedError ||
    err instanceof SentMeanwhileError ||
    err instanceof NothingPendingError
  )
    return conflict(err.message);
  if (err instanceof SenderUnknownError) return serviceUnavailable(err.message);
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

/**
 * The request's supplier mail gate for one inquiry: its mails sign as the inquiry's owner, read from
 * identity with the caller's own token (a colleague's inquiry: the owner's profile, both mailboxes
 * checked). An inquiry not found here is the use case's 404, so the caller stands in for it.
 */
export function supplierMailGate(
  deps: InquiryDeps,
  quota: MailQuota,
  request: FastifyRequest,
  inquiryId: string,
) {
  return new SupplierMailGate({
    tenantId: request.auth.tenantId,
    standing: () => ownerStanding(deps, request, inquiryId),
    quota,
    log: request.log,
  });
}

/** The inquiry's owner as its supplier mails sign (their profile, read with the caller's token); null while identity cannot answer. */
export async function ownerStanding(deps: InquiryDeps, request: FastifyRequest, inquiryId: string) {
  const { tenantId, userId } = request.auth;
  const ownerId = await inquiryOwnerId(deps.database.db, tenantId, inquiryId);
  const colleague = ownerId && ownerId !== userId ? ownerId : null;
  return senderStanding(deps.identity, onBehalfOf(request), request.log, colleague);
}
