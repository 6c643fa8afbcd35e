import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@mfd/contracts';

/** The OpenAPI version every service documents in (JSON Schema 2020-12: null is a type of its own). */
export const OPENAPI_VERSION = '3.1.0';

/** The error answers a route can give, each in the error shape of DESIGN.md. */
const ERROR_DESCRIPTIONS = {
  400: 'The request is not valid: `detail` says why and `errors` names each field that is wrong.',
  401: 'No valid session: the bearer token is missing, expired or revoked (or, at sign-in, the e-mail or password is wrong).',
  403: 'The caller is signed in but may not do this: it needs another role, a platform operator, or (to mail suppliers) a confirmed e-mail address.',
  404: 'Not found: it does not exist or belongs to another company.',
  408: 'The upload stalled or took longer than allowed: nothing of it was used.',
  409: 'Refused because of what is already there: a duplicate, a change the current status does not allow, or a stale revision.',
  410: 'The link is closed: an offer link because the inquiry was awarded, cancelled or has expired, or a newer link was sent (`state` says which); an invitation because it was used, revoked or has expired.',
  413: 'The request body or upload is larger than allowed.',
  415: 'The body is not of a content type this operation takes.',
  429: 'Too many attempts, or the company’s mail quota is reached: wait as many seconds as Retry-After says, then try again.',
  '5XX':
    'Something went wrong on our side, or a service behind the gateway is unreachable or too slow (502, 503, 504). Try again later.',
} as const;

export type ErrorStatus = Exclude<keyof typeof ERROR_DESCRIPTIONS, '5XX'>;
/** Response keys as the document has them: text ('429'). */
type DocumentedStatus = `${keyof typeof ERROR_DESCRIPTIONS}`;

/**
 * Response entries for the errors a route's own code answers (a 404, a 409, ...). The ones every
 * route of a kind answers (400 on invalid input, 401 without a session, 403 for role and operator
 * routes, 5XX) are added to the document from the route's flags by openApiOptions' transform.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    S,
    typeof errorResponse
  >;
}

// Named once in the document, so a client generated from it gets one error type.
const components = z.registry<{ id: string }>();
components.add(errorResponse, { id: 'ErrorResponse' });

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

/** The components the routes refer to: the library adds an input twin of each, unused when no body takes it. */
function transformObject(
  input: Parameters<typeof zodTransformObject>[0],
): ReturnType<typeof zodTransformObject> {
  const document = zodTransformObject(input);
  const text = JSON.stringify(document.paths ?? {});
  const { components: all = {} } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = Object.entries(all.schemas ?? {}).filter(([id]) =>
    text.includes(`"#/components/schemas/${id}"`),
  );
  return { ...document, components: { ...all, schemas: Object.fromEntries(schemas) } } as typeof document;
}

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];
type JsonSchema = Record<string, unknown>;

/** Path parameters that any text satisfies (an offer link's token) never fail validation. */
function constrained(params: JsonSchema | undefined): boolean {
  const properties = (params?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.values(properties).some((p) => Object.keys(p).some((key) => key !== 'type'));
}

function errorEntry(status: DocumentedStatus, schema: unknown) {
  return {
    description: ERROR_DESCRIPTIONS[status],
    ...(status === '429'
      ? {
          headers: {
            'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' },
          },
        }
      : {}),
    content: { 'application/json': { schema } },
  };
}

/**
 * The per-route transform: zod schemas to JSON Schema, then the standard error answers of the
 * route's kind, each described and in the error shape; public routes need no bearer token.
 */
function transform(input: TransformInput) {
  const { schema, url } = zodTransform(input) as { schema: JsonSchema & { hide?: boolean }; url: string };
  if (!schema || schema.hide) return { schema, url };
  const config = (input.route.config ?? {}) as { public?: boolean; role?: string; operator?: boolean };
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const ref = { $ref: '#/components/schemas/ErrorResponse' };
  const standard: Record<string, unknown> = {};
  if (schema.body || schema.querystring || constrained(schema.params as JsonSchema | undefined))
    standard[400] = ref;
  if (!config.public) standard[401] = ref;
  if (config.role || config.operator) standard[403] = ref;
  standard['5XX'] = ref;
  const response = Object.fromEntries(
    Object.entries({ ...standard, ...declared }).map(([status, entry]) =>
      status in ERROR_DESCRIPTIONS
        ? [status, errorEntry(status as DocumentedStatus, entry)]
        : [status, entry],
    ),
  );
  return { schema: { ...schema, response, ...(config.public ? { security: [] } : {}) }, url };
}

/** @fastify/swagger options of a service: its zod routes as an OpenAPI document with bearer auth. */
export function openApiOptions(name: string, version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: `Marine Fuel Distribution: ${name}`, version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject,
  };
}
