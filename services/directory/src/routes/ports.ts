import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  idParams,
  paged,
  port,
  portCreatedResponse,
  portDetailedRequest,
  portDetailedResponse,
  portExistsMessage,
  portInput,
  portListQuery,
  portLookup,
  portSearchResult,
  portStats,
  PORT_PENDING_NOTE,
  searchQuery,
  UNLOCODE_FORMAT_MESSAGE,
  unlocodeNotFoundMessage,
} from '@mfd/contracts';
import { badRequest, conflict, errorResponses, notFound } from '@mfd/service-kit';
import { actorOf, isUniqueViolation, type Actor } from '../data/actor';
import type { DirectoryDB } from '../data/db';
import {
  findPortByCode,
  findPortById,
  listPorts,
  portStats as readStats,
  searchPorts,
} from '../data/ports.repository';
import { createInlineSupplier, linkSuppliersToPort } from '../data/suppliers.repository';
import type { DirectoryDeps } from '../deps';
import { addPort } from '../domain/ports/port-sharing';

type PortValues = z.output<typeof portInput>;

export function duplicatePort(err: unknown, unlocode: string, field: string): never {
  if (isUniqueViolation(err)) throw existingPort(unlocode, field);
  throw err;
}

function existingPort(unlocode: string, field: string) {
  const message = portExistsMessage(unlocode);
  return conflict(message, [{ field, message }]);
}

/** A port added in the caller's transaction (port-sharing's addPort); a code the caller sees already is 409. */
async function addPortOr409(
  trx: Kysely<DirectoryDB>,
  values: PortValues,
  actor: Actor,
  operator: boolean,
  field: string,
): Promise<string> {
  const id = await addPort(trx, values, actor, { operator });
  if (!id) throw existingPort(values.unlocode, field);
  return id;
}

/** The spec's "Port added successfully! …" and, for a port not shared yet, who sees it. */
function addedDetail(detail: string, pending: boolean): string {
  if (!pending) return detail;
  return `${detail}${/[.!?]$/.test(detail) ? '' : '.'} ${PORT_PENDING_NOTE}`;
}

/**
 * Ports are reference data: any signed-in user reads the shared ones and adds ports, which stay
 * their company's own until a platform operator approves them (routes/port-review.ts).
 */
export const portRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['ports'];

  app.get(
    '/api/ports',
    {
      schema: {
        operationId: 'listPorts',
        summary: 'List ports, paged and filtered',
        tags,
        querystring: portListQuery,
        response: { 200: paged(port) },
      },
    },
    async (request) => {
      const { items, total } = await listPorts(db, request.auth.tenantId, request.query);
      return { items, total, limit: request.query.limit, offset: request.query.offset };
    },
  );

  app.get(
    '/api/ports/search',
    {
      schema: {
        operationId: 'searchPorts',
        summary: 'Find ports by name or UN/LOCODE (for pickers; fewer than 2 characters find none)',
        tags,
        querystring: searchQuery,
        response: { 200: z.array(portSearchResult) },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      if (q.length < 2) return [];
      const rows = await searchPorts(db, request.auth.tenantId, q, limit);
      return rows.map((p) => ({
        id: p.id,
        unlocode: p.unlocode,
        name: p.name,
        country: p.country,
        region: p.region,
        timezone: p.timezone,
        display_name: `${p.name} (${p.unlocode})`,
        subtitle: [p.subdivision, p.country, p.region].filter(Boolean).join(' · '),
        pending: p.pending,
      }));
    },
  );

  app.get(
    '/api/ports/:id',
    {
      schema: {
        operationId: 'getPort',
        summary: 'One port',
        tags,
        params: idParams,
        response: { 200: port, ...errorResponses(404) },
      },
    },
    async (request) => {
      const found = await findPortById(db, request.auth.tenantId, request.params.id);
      if (!found) throw notFound('Port not found');
      return found;
    },
  );

  app.get(
    '/api/ports/stats',
    {
      schema: {
        operationId: 'getPortStats',
        summary: 'Count the ports, by country and by region',
        tags,
        response: { 200: portStats },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await readStats(db, request.auth.tenantId)),
    }),
  );

  app.get(
    '/api/ports/:unlocode/lookup',
    {
      schema: {
        operationId: 'lookUpPort',
        summary: 'Look a port up by its UN/LOCODE',
        tags,
        params: z.object({ unlocode: z.string().trim().toUpperCase() }),
        response: { 200: portLookup, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const code = request.params.unlocode;
      if (!/^[A-Z0-9]{5}$/.test(code))
        throw badRequest(UNLOCODE_FORMAT_MESSAGE, [{ field: 'unlocode', message: UNLOCODE_FORMAT_MESSAGE }]);
      const found = await findPortByCode(db, request.auth.tenantId, code);
      if (!found) throw notFound(unlocodeNotFoundMessage(code));
      // Every port found is one the caller sees already, so adding it again would only be refused.
      return { success: true as const, port: found, detail: portExistsMessage(code) };
    },
  );

  app.post(
    '/api/ports',
    {
      schema: {
        operationId: 'createPort',
        summary: 'Add a port',
        tags,
        body: portInput,
        response: { 201: portCreatedResponse, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { operator } = request.auth;
      const id = await db
        .transaction()
        .execute((trx) => addPortOr409(trx, request.body, actorOf(request.auth), operator, 'unlocode'))
        .catch((err: unknown) => duplicatePort(err, request.body.unlocode, 'unlocode'));
      if (operator) deps.relay.kick();
      return reply.code(201).send({
        success: true,
        id,
        port_id: id,
        pending: !operator,
        detail: addedDetail('Port added successfully!', !operator),
      });
    },
  );

  app.post(
    '/api/ports/detailed',
    {
      schema: {
        operationId: 'createPortWithSuppliers',
        summary: 'Add a port with the suppliers covering it, a new one among them if need be',
        tags,
        body: portDetailedRequest,
        response: { 201: portDetailedResponse, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { port: values, suppliers, new_supplier } = request.body;
      const actor = actorOf(request.auth);
      const { operator } = request.auth;
      // The port, its links and the optional new supplier commit together or not at all.
      const result = await db
        .transaction()
        .execute(async (trx) => {
          const portId = await addPortOr409(trx, values, actor, operator, 'port.unlocode');
          const newSupplierId = new_supplier
            ? await createInlineSupplier(trx, actor, {
                trading_name: new_supplier.trading_name,
                default_email: new_supplier.email,
                default_phone: new_supplier.phone,
              })
            : null;
          const linked = await linkSuppliersToPort(
            trx,
            actor.tenantId,
            portId,
            newSupplierId ? [...suppliers, newSupplierId] : suppliers,
          );
          return { portId, linked, newSupplierId };
        })
        .catch((err: unknown) => duplicatePort(err, values.unlocode, 'port.unlocode'));
      if (operator) deps.relay.kick();
      const note = result.newSupplierId ? ' (including 1 new supplier)' : '';
      return reply.code(201).send({
        success: true,
        port_id: result.portId,
        suppliers_linked: result.linked,
        new_supplier_id: result.newSupplierId,
        pending: !operator,
        detail: addedDetail(
          `Port added successfully! ${result.linked} suppliers linked to this port${note}`,
          !operator,
        ),
      });
    },
  );
};
