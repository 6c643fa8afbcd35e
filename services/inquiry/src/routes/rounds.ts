import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, roundInput, roundResponse } from '@mfd/contracts';
import { errorResponses, type MailQuota } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { assertInquiryExists } from '../domain/rfq/award';
import { startRound } from '../domain/rfq/rounds';
import { callerOf, domain, supplierMailGate } from './route-context';

/** Negotiation rounds: the trader goes back to a shortlist of suppliers for a better price. */
export const roundRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps; mailQuota: MailQuota }> = async (
  app,
  { deps, mailQuota },
) => {
  const { db } = deps.database;

  app.post(
    '/api/inquiries/:id/rounds',
    {
      schema: {
        operationId: 'startNegotiationRound',
        summary:
          'Invite the shortlisted offers to improve by a new reply-by: each supplier gets "Round n" with a fresh link (and its own rank, if told); only they may revise meanwhile',
        tags: ['offers'],
        params: idParams,
        body: roundInput,
        response: { 200: roundResponse, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) => {
      await domain(assertInquiryExists(db, callerOf(request), request.params.id));
      const gate = supplierMailGate(deps, mailQuota, request, request.params.id);
      await gate.prepare();
      const started = await domain(
        startRound(
          db,
          callerOf(request),
          request.params.id,
          request.body,
          { gate, secrets: deps.mailSecrets },
          new Date(),
        ),
      );
      deps.relay.kick();
      return { success: true as const, round: started.round, invited_count: started.invitedCount };
    },
  );
};
