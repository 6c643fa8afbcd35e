import { AppError, badRequest, conflict, notFound, payloadTooLarge } from '@mfd/service-kit';
import {
  ClaimNotFoundError,
  DocumentRefusedError,
  StemLifeConflictError,
} from '../domain/stems/stem-life-errors';

/** The stem life's refusals as HTTP errors (404, 409, and an upload's 400, 413 or 415); undefined for any other error. */
export function stemLifeHttpError(err: unknown): AppError | undefined {
  if (err instanceof ClaimNotFoundError) return notFound(err.message);
  if (err instanceof StemLifeConflictError) return conflict(err.message);
  if (err instanceof DocumentRefusedError) {
    if (err.status === 413) return payloadTooLarge(err.message);
    if (err.status === 415) return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', err.message);
    return badRequest(err.message, [{ field: 'file', message: err.message }]);
  }
  return undefined;
}
