import type { FieldError } from '@mfd/contracts';

/** The one error type routes and use cases throw; the error handler turns it into the error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    /** Sent as Retry-After with a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new AppError(400, 'BAD_REQUEST', detail, errors);
export const unauthorized = (detail = 'Authentication required') => new AppError(401, 'UNAUTHORIZED', detail);
export const forbidden = (detail = 'You do not have permission to do this') =>
  new AppError(403, 'FORBIDDEN', detail);
export const notFound = (detail = 'Not found') => new AppError(404, 'NOT_FOUND', detail);
export const conflict = (detail: string, errors?: FieldError[]) =>
  new AppError(409, 'CONFLICT', detail, errors);
/** A one-time link that worked once and no longer does (used, revoked, expired). */
export const gone = (detail: string) => new AppError(410, 'GONE', detail);
export const payloadTooLarge = (detail = 'The upload is too large') =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', detail);
/** A dependency the answer needs is down (e.g. logout while Redis is): the caller may try again later. */
export const serviceUnavailable = (
  detail = 'This is not possible right now. Please try again in a few minutes.',
) => new AppError(503, 'SERVICE_UNAVAILABLE', detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', detail, undefined, retryAfterSeconds);
/** What a spent sign-in, reset or password-check budget answers. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  tooManyRequests(
    `Too many attempts. Please wait ${Math.ceil(retryAfterSeconds / 60)} minute(s) and try again.`,
    retryAfterSeconds,
  );
