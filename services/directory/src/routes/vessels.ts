import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdResponse,
  detailResponse,
  idParams,
  pendingVessel,
  searchQuery,
  VESSEL_ALREADY_CONFIRMED,
  VESSEL_CONFIRMED,
  VESSEL_PENDING_NOTE,
  vesselDisplayName,
  vesselExistsMessage,
  vesselInput,
  vesselSearchResult,
} from '@mfd/contracts';
import { conflict, errorResponses, notFound } from '@mfd/service-kit';
import { actorOf, isUniqueViolation } from '../data/actor';
import { confirmVessel, createVessel, listPendingVessels, searchVessels } from '../data/vessels.repository';
import type { DirectoryDeps } from '../deps';

/**
 * Vessels keyed by IMO number: the confirmed register every company searches, and the vessels a
 * company named (an admin's add, or an inquiry) that only it finds until a platform operator confirms them.
 */
export const vesselRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['vessels'];

  app.get(
    '/api/vessels/search-enhanced',
    {
      schema: {
        operationId: 'searchVessels',
        summary: 'Find vessels by name or IMO number (for pickers; fewer than 2 characters find none)',
        tags,
        querystring: searchQuery,
        response: { 200: z.array(vesselSearchResult) },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      if (q.length < 2) return [];
      const rows = await searchVessels(db, request.auth.tenantId, q, limit);
      return rows.map((v) => ({
        id: v.id,
        display_name: vesselDisplayName(v),
        name: v.name,
        subtitle: [v.ship_type, v.flag].filter(Boolean).join(' · '),
        vessel_type: v.ship_type,
        flag: v.flag,
        imo: v.imo,
        pending: v.pending,
      }));
    },
  );

  app.post(
    '/api/vessels',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'createVessel',
        summary: 'Add a vessel (admins; confirmed when a platform operator adds it)',
        tags,
        body: vesselInput,
        response: { 201: createdResponse, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { operator } = request.auth;
      const duplicate = () => {
        const message = vesselExistsMessage(request.body.imo);
        return conflict(message, [{ field: 'imo', message }]);
      };
      const id = await createVessel(db, request.body, actorOf(request.auth), { confirmed: operator }).catch(
        (err: unknown) => {
          if (isUniqueViolation(err)) throw duplicate();
          throw err;
        },
      );
      if (!id) throw duplicate();
      const detail = operator
        ? 'Vessel added successfully!'
        : `Vessel added successfully! ${VESSEL_PENDING_NOTE}`;
      return reply.code(201).send({ success: true, id, detail });
    },
  );

  app.get(
    '/api/vessels/pending',
    {
      config: { operator: true },
      schema: {
        operationId: 'listPendingVessels',
        summary: 'List the vessels companies named that await confirmation (platform operators)',
        tags,
        response: { 200: z.array(pendingVessel) },
      },
    },
    async () =>
      (await listPendingVessels(db)).map(({ pending: _pending, ...v }) => ({
        ...v,
        created_at: v.created_at.toISOString(),
      })),
  );

  app.post(
    '/api/vessels/:id/confirm',
    {
      config: { operator: true },
      schema: {
        operationId: 'confirmVessel',
        summary: 'Confirm a vessel a company named, for every company (platform operators)',
        tags,
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const outcome = await confirmVessel(db, request.params.id, actorOf(request.auth));
      if (outcome === 'missing') throw notFound('Vessel not found');
      if (outcome === 'already-confirmed') throw conflict(VESSEL_ALREADY_CONFIRMED);
      return { success: true as const, detail: VESSEL_CONFIRMED };
    },
  );
};
