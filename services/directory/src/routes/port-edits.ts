import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailResponse, idParams, portInput } from '@mfd/contracts';
import { conflict, errorResponses, notFound } from '@mfd/service-kit';
import { actorOf, isForeignKeyViolation } from '../data/actor';
import { deletePort, updatePort } from '../data/port-edits.repository';
import type { DirectoryDeps } from '../deps';
import { mergeAndTell } from '../domain/ports/port-sharing';
import { duplicatePort } from './ports';

export const PORT_IN_USE = 'This port is covered by suppliers: remove it from their ports first.';

/** Any signed-in user adds a port; only platform operators edit or delete one, as every company shares it. */
export const portEditRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['ports'];
  const config = { operator: true } as const;

  app.put(
    '/api/ports/:id',
    {
      config,
      schema: {
        operationId: 'updatePort',
        summary: 'Change a port (platform operators)',
        tags,
        params: idParams,
        body: portInput,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const updated = await db
        .transaction()
        .execute(async (trx) => {
          const done = await updatePort(trx, request.params.id, request.body, actorOf(request.auth));
          // A shared port given a code companies hold as their own takes those ports in.
          if (done) await mergeAndTell(trx);
          return done;
        })
        .catch((err: unknown) => duplicatePort(err, request.body.unlocode, 'unlocode'));
      if (!updated) throw notFound('Port not found');
      deps.relay.kick();
      return { success: true as const, detail: 'Port updated successfully!' };
    },
  );

  app.delete(
    '/api/ports/:id',
    {
      config,
      schema: {
        operationId: 'deletePort',
        summary: 'Delete a port no supplier covers (platform operators)',
        tags,
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const deleted = await deletePort(db, request.params.id).catch((err: unknown) => {
        if (isForeignKeyViolation(err)) throw conflict(PORT_IN_USE);
        throw err;
      });
      if (!deleted) throw notFound('Port not found');
      return { success: true as const, detail: 'Port deleted successfully!' };
    },
  );
};
