import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdResponse,
  searchQuery,
  vesselDisplayName,
  vesselInput,
  vesselSearchResult,
} from '@mfd/contracts';
import { conflict, errorResponses } from '@mfd/service-kit';
import { actorOf, isUniqueViolation } from '../data/actor';
import { createVessel, searchVessels } from '../data/vessels.repository';
import type { DirectoryDeps } from '../deps';

/** Vessels are shared reference data keyed by IMO number. */
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
      const rows = await searchVessels(db, q, limit);
      return rows.map((v) => ({
        id: v.id,
        display_name: vesselDisplayName(v),
        name: v.name,
        subtitle: [v.ship_type, v.flag].filter(Boolean).join(' · '),
        vessel_type: v.ship_type,
        flag: v.flag,
        imo: v.imo,
      }));
    },
  );

  app.post(
    '/api/vessels',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'createVessel',
        summary: 'Add a vessel (admins)',
        tags,
        body: vesselInput,
        response: { 201: createdResponse, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      try {
        const id = await createVessel(db, request.body, actorOf(request.auth));
        return reply.code(201).send({ success: true, id, detail: 'Vessel added successfully!' });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const message = `A vessel with IMO ${request.body.imo} already exists`;
        throw conflict(message, [{ field: 'imo', message }]);
      }
    },
  );
};
