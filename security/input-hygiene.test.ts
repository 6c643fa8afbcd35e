import { describe, expect, it } from 'vitest';
import { call, customerBody, signUp, stack } from './support/client';

const fieldsOf = (body: unknown) => (body as { errors?: { field: string }[] }).errors?.map((e) => e.field);

describe('NUL and control characters through the gateway and straight at the services', () => {
  it('when a NUL reaches the search routes, customer create, the signature or sign-up, then each answers 400 naming the field, never 500', async () => {
    const user = await signUp();
    const searches = [
      '/api/customers',
      '/api/customers/detailed',
      '/api/customers/search',
      '/api/suppliers',
      '/api/ports',
      '/api/ports/search',
      '/api/vessels/search-enhanced',
    ];
    for (const base of [stack().appUrl, stack().serviceUrls.directory]) {
      for (const path of searches) {
        const res = await call('GET', `${path}?q=ab%00cd`, { token: user.token, base });
        expect([path, res.status]).toEqual([path, 400]);
        expect(fieldsOf(res.body)).toEqual(['q']);
      }
      const customer = await call('POST', '/api/customers/detailed', {
        token: user.token,
        base,
        body: { ...customerBody(), legal_entity_name: 'Probe\u0000' },
      });
      expect(customer.status).toBe(400);
      expect(fieldsOf(customer.body)).toEqual(['legal_entity_name']);
    }

    for (const base of [stack().appUrl, stack().serviceUrls.identity]) {
      const signature = await call('PUT', '/api/profile/signature', {
        token: user.token,
        base,
        body: { full_name: 'Sam\u0000', title: 'A\u202EB' },
      });
      expect(signature.status).toBe(400);
      expect(fieldsOf(signature.body)).toEqual(['full_name', 'title']);
      const signup = await call('POST', '/api/auth/signup', {
        base,
        body: {
          first_name: 'Sam\u0000',
          last_name: 'Pro\nbe',
          email: `nul-${crypto.randomUUID().slice(0, 12)}@example.com`,
          password: 'harbour-pilot-42',
        },
      });
      expect(signup.status).toBe(400);
      expect(fieldsOf(signup.body)).toEqual(['first_name', 'last_name']);
    }
  });
});
