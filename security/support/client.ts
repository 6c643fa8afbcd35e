import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

/** The started product of this security run (security/support/global-setup.ts). */
export const stack = () => inject('stack');

export interface Account {
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** Calls the API through the gateway (or, with `base`, straight at a service) and returns status, headers and parsed body. */
export async function call(
  method: string,
  path: string,
  opts: {
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    base?: string;
  } = {},
): Promise<{ status: number; headers: Headers; body: unknown; ms: number }> {
  const started = performance.now();
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | undefined = opts.rawBody;
  if (opts.body !== undefined) payload = JSON.stringify(opts.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${opts.base ?? stack().appUrl}${path}`, {
    method,
    headers,
    body: payload,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body, ms: performance.now() - started };
}

/** Signs up a new trading company's user through the gateway; each call is a new tenant. */
export async function signUp(
  role: 'trader' | 'admin' = 'trader',
  headers: Record<string, string> = {},
): Promise<Account> {
  const email = `sec-${randomUUID().slice(0, 12)}@example.com`;
  const password = `Sec-${randomUUID()}`;
  const res = await call('POST', '/api/auth/signup', {
    headers,
    body: { first_name: 'Sam', last_name: 'Probe', email, password, role },
  });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
  const body = res.body as { access_token: string; user_id: string };
  return { email, password, token: body.access_token, userId: body.user_id };
}

/** A valid customer for the create route (spec §5 "Create customer"). */
export function customerBody(name = `Probe Shipping ${randomUUID().slice(0, 6)}`) {
  return {
    legal_entity_name: name,
    address: '1 Harbour Road',
    city: 'Singapore',
    country: 'SG',
    general_email: 'ops@probe-shipping.example',
    main_phone: '+6561234567',
    contact_name: 'Pat Probe',
    contact_phone: '+6561234568',
    contact_email: 'pat@probe-shipping.example',
    main_ship_type: 'Container Ship',
  };
}
