import { describe, expect, it } from 'vitest';
import { call, customerBody, signUp, stack } from './support/client';

describe('tenant isolation through the gateway and straight at the directory', () => {
  it('when a trader of another company reads, changes or deletes a customer, then every answer is 404 and the customer is unchanged', async () => {
    const owner = await signUp('admin');
    const intruder = await signUp('admin');
    const created = await call('POST', '/api/customers/detailed', {
      token: owner.token,
      body: customerBody(),
    });
    expect(created.status).toBeLessThan(300);
    const id = (created.body as { id: string }).id;

    for (const base of [stack().appUrl, stack().serviceUrls.directory]) {
      expect((await call('GET', `/api/customers/${id}`, { token: intruder.token, base })).status).toBe(404);
      expect((await call('DELETE', `/api/customers/${id}`, { token: intruder.token, base })).status).toBe(
        404,
      );
    }
    const list = await call('GET', '/api/customers', { token: intruder.token });
    expect(list.body).toEqual([]);
    expect((await call('GET', `/api/customers/${id}`, { token: owner.token })).status).toBe(200);
  });
});
