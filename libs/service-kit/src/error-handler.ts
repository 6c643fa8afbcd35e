import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorResponse, FieldError } from '@mfd/contracts';
import { AppError } from './errors';

const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/** Sentences for Fastify's own client errors, so users never read an internal code. */
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
};

/** The proxy's own errors (the gateway's upstream unreachable or too slow) keep their status, not a 500. */
const UPSTREAM_DETAILS: Record<number, string> = {
  502: 'A service behind this one could not be reached. Please try again.',
  503: 'A service is unavailable right now. Please try again in a few minutes.',
  504: 'A service took too long to answer. Please try again.',
};

function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || 'body';
}

export function validationResponse(errors: FieldError[]): ErrorResponse {
  return { success: false, detail: errors.map((e) => e.message).join('; '), errors };
}

export function zodErrorFields(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({ field: fieldName(i.path), message: i.message }));
}

function toResponse(error: FastifyError | Error): { status: number; body: ErrorResponse } | null {
  if (error instanceof AppError) {
    const body: ErrorResponse = { success: false, detail: error.message };
    if (error.errors) body.errors = error.errors;
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      field: fieldName(v.instancePath.split('/').filter(Boolean)),
      message: v.message ?? 'Invalid value',
    }));
    return { status: 400, body: validationResponse(errors) };
  }
  if (error instanceof ZodError) return { status: 400, body: validationResponse(zodErrorFields(error)) };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (error as FastifyError).code;
    return { status, body: { success: false, detail: FASTIFY_DETAILS[code] ?? error.message } };
  }
  const upstream = status ? UPSTREAM_DETAILS[status] : undefined;
  if (status && upstream) return { status, body: { success: false, detail: upstream } };
  return null;
}

/**
 * The status and body of an error, whichever path of a service answers it; an unexpected one is
 * logged and answered with a generic 500.
 */
export function errorAnswer(
  error: FastifyError | Error,
  log: FastifyBaseLogger,
): { status: number; body: ErrorResponse } {
  const known = toResponse(error);
  if (known) return known;
  log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { success: false, detail: INTERNAL_ERROR } };
}

/** One error handler for every service: the error shape of DESIGN.md, and a logged, generic 500. */
export const errorHandler = fp(
  async (app: FastifyInstance, opts: { notFound?: boolean }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError && error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      const { status, body } = errorAnswer(error, request.log);
      return reply.code(status).send(body);
    });
    if (opts.notFound !== false) {
      app.setNotFoundHandler((_request, reply) => {
        reply.code(404).send({ success: false, detail: 'Not found' } satisfies ErrorResponse);
      });
    }
  },
  { name: 'mfd-error-handler' },
);
