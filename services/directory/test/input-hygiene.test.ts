import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { NEW_CUSTOMER } from './fixtures';
import { startDirectory } from './harness';

const fieldsOf = (body: { errors?: { field: string }[] }) => body.errors?.map((e) => e.field);

describe('control characters in directory input', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());

  const user = makeUser();

  it.each([
    '/api/customers',
    '/api/customers/detailed',
    '/api/customers/search',
    '/api/suppliers',
    '/api/ports',
    '/api/ports/search',
    '/api/vessels/search-enhanced',
  ])('when the search text of %s holds a NUL, then 400 names q, never 500', async (path) => {
    const res = await d.app.inject({ method: 'GET', url: `${path}?q=ro%00tterdam`, headers: bearer(user) });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['q']);
  });

  it('when the port list country filter holds a NUL, then 400 names country', async () => {
    const res = await d.app.inject({ method: 'GET', url: '/api/ports?country=%00S', headers: bearer(user) });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['country']);
  });

  it('when a new customer has a NUL or a line break in one-line fields, then 400 names each and nothing is stored', async () => {
    const res = await d.app.inject({
      method: 'POST',
      url: '/api/customers/detailed',
      headers: bearer(user),
      payload: {
        ...NEW_CUSTOMER,
        legal_entity_name: 'Nordic\u0000Tankers',
        contact_name: 'Mette\nHansen',
        address: 'Amaliegade\u202E 10',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())?.sort()).toEqual(['address', 'contact_name', 'legal_entity_name']);
    expect(
      (await d.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(user) })).json(),
    ).toEqual([]);
  });

  it('when a supplier trading name or tag holds a control character, then 400 names it', async () => {
    const res = await d.app.inject({
      method: 'POST',
      url: '/api/suppliers',
      headers: bearer(user),
      payload: {
        trading_name: 'Fuel\u0000Co',
        default_email: 'ops@fuelco.example',
        tags: ['bunkers', 'night\tdesk'],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['trading_name', 'tags.1']);
  });
});
