import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freePort } from '@mfd/testing';
import { auth, startIdentity, type IdentityHarness } from '../../identity/test/harness';
import { companyAdmin, joinedMember, type Member } from '../../identity/test/team-fixtures';
import { SETTINGS_UNREADABLE } from '../src/data/identity.client';
import { NEW_CUSTOMER } from './fixtures';
import { startDirectory } from './harness';

type Directory = Awaited<ReturnType<typeof startDirectory>>;

/** What the Add New Customer dialog sends when the trader leaves the selling terms to the company. */
const { selling_terms: _chosen, ...WITHOUT_TERMS } = NEW_CUSTOMER;

const addCustomer = (d: Directory, by: { token: string }, payload: object) =>
  d.app.inject({ method: 'POST', url: '/api/customers/detailed', headers: bearer(by), payload });

const customers = async (d: Directory, by: { token: string }) =>
  (await d.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(by) })).json() as Array<{
    legal_entity_name: string;
    selling_terms: string;
  }>;

describe('a new customer takes the company’s default selling terms', () => {
  let id: IdentityHarness;
  let d: Directory;
  let admin: Member;
  let trader: Member;
  beforeAll(async () => {
    id = await startIdentity();
    await id.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (id.app.server.address() as { port: number }).port;
    d = await startDirectory({ IDENTITY_URL: `http://127.0.0.1:${port}` });
    admin = await companyAdmin(id);
    trader = await joinedMember(id, admin);
  });
  afterAll(async () => {
    await d?.close();
    await id?.close();
  });

  it('when nothing is set, then a customer added without terms is on GT&C', async () => {
    const res = await addCustomer(d, trader, { ...WITHOUT_TERMS, legal_entity_name: 'Baltic Reefers AB' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await customers(d, trader)).toEqual([
      expect.objectContaining({ legal_entity_name: 'Baltic Reefers AB', selling_terms: 'GT&C' }),
    ]);
  });

  it('when the admin sets BIMCO 2018 as the default, then a trader’s new customer is on BIMCO 2018 and a chosen term still wins', async () => {
    const set = await id.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: auth(admin.token),
      payload: {
        reference_prefix: 'NOB',
        default_reply_by_hours: 24,
        default_selling_terms: 'BIMCO 2018 (Bunkering)',
      },
    });
    expect(set.statusCode, set.body).toBe(200);

    expect(
      (await addCustomer(d, trader, { ...WITHOUT_TERMS, legal_entity_name: 'Kattegat Ferries' })).statusCode,
    ).toBe(201);
    expect(
      (
        await addCustomer(d, trader, {
          ...WITHOUT_TERMS,
          legal_entity_name: 'Skagen Lines',
          selling_terms: 'GT&C',
        })
      ).statusCode,
    ).toBe(201);
    const byName = Object.fromEntries(
      (await customers(d, admin)).map((c) => [c.legal_entity_name, c.selling_terms]),
    );
    expect(byName).toMatchObject({ 'Kattegat Ferries': 'BIMCO 2018 (Bunkering)', 'Skagen Lines': 'GT&C' });
    // Customers already there keep the terms they were added with.
    expect(byName['Baltic Reefers AB']).toBe('GT&C');
  });

  it('when another company sets its default, then this company’s new customers do not take it', async () => {
    const other = await companyAdmin(id, 'Other Bunkers');
    await id.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: auth(other.token),
      payload: { reference_prefix: 'OTH', default_reply_by_hours: 24, default_selling_terms: 'GT&C' },
    });
    expect(
      (await addCustomer(d, trader, { ...WITHOUT_TERMS, legal_entity_name: 'Fyn Shipping' })).statusCode,
    ).toBe(201);
    const added = (await customers(d, trader)).find((c) => c.legal_entity_name === 'Fyn Shipping');
    expect(added?.selling_terms).toBe('BIMCO 2018 (Bunkering)');
  });
});

describe('a new customer while identity cannot answer', () => {
  let id: IdentityHarness;
  let d: Directory;
  let trader: Member;
  beforeAll(async () => {
    // The token is a real one; the directory asks a port where nothing listens.
    id = await startIdentity();
    trader = await companyAdmin(id);
    d = await startDirectory({ IDENTITY_URL: `http://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => {
    await d?.close();
    await id?.close();
  });

  it('when the trader leaves the terms to the company, then 503 says so and no customer is written', async () => {
    const res = await addCustomer(d, trader, WITHOUT_TERMS);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().detail).toBe(SETTINGS_UNREADABLE);
    expect(await customers(d, trader)).toEqual([]);
  });

  it('when the trader chooses the terms, then the customer is added without identity', async () => {
    const res = await addCustomer(d, trader, NEW_CUSTOMER);
    expect(res.statusCode, res.body).toBe(201);
    expect(await customers(d, trader)).toEqual([expect.objectContaining({ selling_terms: 'GT&C' })]);
  });
});
