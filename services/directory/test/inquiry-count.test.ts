import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { countInquiries } from '../src/data/customers.repository';
import { NEW_CUSTOMER } from './fixtures';
import { startDirectory } from './harness';

describe('customers count their inquiries once per event, a relay pass at a time', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());

  const addCustomer = async (user: TestUser) => {
    const res = await d.app.inject({
      method: 'POST',
      url: '/api/customers/detailed',
      headers: bearer(user),
      payload: NEW_CUSTOMER,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const countOf = async (user: TestUser, id: string) =>
    (await d.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: bearer(user) })).json()
      .inquiry_count;

  it('when a batch of events for two customers comes, then again, and with one repeated inside, then each event counts once', async () => {
    const user = makeUser();
    const [a, b] = [await addCustomer(user), await addCustomer(user)];
    const event = (customerId: string) => ({ id: randomUUID(), tenantId: user.tenantId, customerId });
    const batch = [event(a), event(b), event(a), event(a)];

    expect(await countInquiries(d.deps.database.db, [...batch, batch[0]!])).toBe(4);
    expect([await countOf(user, a), await countOf(user, b)]).toEqual([3, 1]);
    // The same pass handed over again (its confirmation was lost) changes nothing.
    expect(await countInquiries(d.deps.database.db, batch)).toBe(0);
    expect([await countOf(user, a), await countOf(user, b)]).toEqual([3, 1]);
  });

  it('when two passes sharing customers are counted side by side, then neither deadlocks and every event counts', async () => {
    const user = makeUser();
    const [a, b] = [await addCustomer(user), await addCustomer(user)];
    const pass = (first: string, second: string) =>
      Array.from({ length: 20 }, (_, i) => ({
        id: randomUUID(),
        tenantId: user.tenantId,
        customerId: i % 2 ? first : second,
      }));
    const counted = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        countInquiries(d.deps.database.db, i % 2 ? pass(a, b) : pass(b, a)),
      ),
    );
    expect(counted).toEqual([20, 20, 20, 20, 20, 20]);
    expect((await countOf(user, a)) + (await countOf(user, b))).toBe(120);
  });

  it('when a customer of another company is named, then nothing of it is counted', async () => {
    const owner = makeUser();
    const id = await addCustomer(owner);
    await countInquiries(d.deps.database.db, [{ id: randomUUID(), tenantId: randomUUID(), customerId: id }]);
    expect(await countOf(owner, id)).toBe(0);
  });
});
