import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailResponse,
  idParams,
  PORT_ALREADY_SHARED,
  PORT_APPROVED,
  PORT_REJECTED,
  pendingPort,
  portMergedMessage,
} from '@mfd/contracts';
import { conflict, errorResponses, notFound } from '@mfd/service-kit';
import { actorOf, isUniqueViolation } from '../data/actor';
import { listPendingPorts, rejectPort } from '../data/port-review.repository';
import type { DirectoryDeps } from '../deps';
import { approvePort } from '../domain/ports/port-sharing';

const NOT_FOUND = 'Port not found';
const SHARED_MEANWHILE = 'A port with this UN/LOCODE was shared meanwhile: approve again to merge into it';

/**
 * Ports a company added are its own until a platform operator approves them (shared with every
 * company, merged with other companies' ports of the code) or rejects them (they stay the company's own).
 */
export const portReviewRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['ports'];
  const config = { operator: true } as const;

  app.get(
    '/api/ports/pending',
    {
      config,
      schema: {
        operationId: 'listPendingPorts',
        summary: 'List the ports companies added that await approval (platform operators)',
        tags,
        response: { 200: z.array(pendingPort) },
      },
    },
    async () => (await listPendingPorts(db)).map((p) => ({ ...p, created_at: p.created_at.toISOString() })),
  );

  app.post(
    '/api/ports/:id/approve',
    {
      config,
      schema: {
        operationId: 'approvePort',
        summary: 'Share a company’s port with every company (platform operators)',
        tags,
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const approval = await approvePort(db, request.params.id, actorOf(request.auth)).catch(
        (err: unknown) => {
          // The code was shared by another operator's write committing at that moment.
          if (isUniqueViolation(err)) throw conflict(SHARED_MEANWHILE);
          throw err;
        },
      );
      if (approval.outcome === 'missing') throw notFound(NOT_FOUND);
      if (approval.outcome === 'already-shared') throw conflict(PORT_ALREADY_SHARED);
      deps.relay.kick();
      return {
        success: true as const,
        detail: approval.outcome === 'merged' ? portMergedMessage(approval.unlocode) : PORT_APPROVED,
      };
    },
  );

  app.post(
    '/api/ports/:id/reject',
    {
      config,
      schema: {
        operationId: 'rejectPort',
        summary: 'Keep a company’s port its own, off the review list (platform operators)',
        tags,
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const outcome = await rejectPort(db, request.params.id, actorOf(request.auth));
      if (outcome === 'missing') throw notFound(NOT_FOUND);
      if (outcome === 'shared') throw conflict(PORT_ALREADY_SHARED);
      return { success: true as const, detail: PORT_REJECTED };
    },
  );
};
