import type { z } from 'zod';
import { AppError } from './errors';

/**
 * Service-to-service reads: plain HTTP to another service with the caller's own token, so
 * the callee applies the same tenant and role rules as for the browser. Answers are parsed
 * with their contract schema; an unreachable service is a 502, not a crash.
 */
export class ServiceClient {
  constructor(
    private readonly name: string,
    private readonly baseUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  async get<S extends z.ZodType>(
    path: string,
    schema: S,
    auth: { token: string; requestId?: string },
  ): Promise<z.infer<S>> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        headers: {
          authorization: `Bearer ${auth.token}`,
          ...(auth.requestId ? { 'x-request-id': auth.requestId } : {}),
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new AppError(502, 'UPSTREAM_UNAVAILABLE', `The ${this.name} service is not reachable`);
    }
    if (response.status === 404) throw new AppError(404, 'NOT_FOUND', 'Not found');
    if (!response.ok)
      throw new AppError(502, 'UPSTREAM_ERROR', `The ${this.name} service answered ${response.status}`);
    return schema.parse(await response.json());
  }
}

/** The raw bearer token of a request, to pass on to another service. */
export function bearerToken(authorization: string | undefined): string {
  return authorization?.replace(/^Bearer\s+/i, '') ?? '';
}
