import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeColleague, makeUser, type TestUser } from '@mfd/testing';
import { NEW_CUSTOMER } from './fixtures';
import { startDirectory } from './harness';


describe('customers', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());

  const post = (user: TestUser, payload: object) => d.app.inject({ method: 'POST', url: '/api/customers/detailed', headers: bearer(user), payload });
  const get = (user: TestUser, url: string) => d.app.inject({ method: 'GET', url, headers: bearer(user) });

  it('when a trader adds a customer, then it is listed with its fields, GT&C terms and no inquiries', async () => {
    const user = makeUser();
    const res = await post(user, NEW_CUSTOMER);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, detail: 'Customer added successfully!' });
    const list = await get(user, '/api/customers/detailed');
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: res.json().id,
        type: 'customer',
        legal_entity_name: 'Nordic Tankers A/S',
        display_name: 'Nordic Tankers A/S',
        general_email: 'ops@nordic-tankers.example',
        website: 'https://nordic-tankers.example',
        selling_terms: 'GT&C',
        main_ship_type: 'Tanker',
        inquiry_count: 0,
      }),
    ]);
  });

  it('when a required create field is missing or wrong, then 400 names exactly that field', async () => {
    const user = makeUser();
    const cases: Array<[string, object]> = [
      ['legal_entity_name', { legal_entity_name: '' }],
      ['address', { address: undefined }],
      ['general_email', { general_email: 'not-mail' }],
      ['main_phone', { main_phone: '12' }],
      ['contact_name', { contact_name: ' ' }],
      ['contact_phone', { contact_phone: undefined }],
      ['contact_email', { contact_email: 'x@' }],
      ['selling_terms', { selling_terms: 'Cash' }],
      ['main_ship_type', { main_ship_type: 'Submarine' }],
      ['website', { website: 'javascript:alert(1)' }],
    ];
    for (const [field, change] of cases) {
      const res = await post(user, { ...NEW_CUSTOMER, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field), field).toEqual([field]);
    }
    expect((await get(user, '/api/customers')).json()).toEqual([]);
  });

  it('when an older client sends primary_email and primary_phone, then they stand in for the general ones', async () => {
    const user = makeUser();
    const { general_email: _e, main_phone: _p, ...rest } = NEW_CUSTOMER;
    const res = await post(user, { ...rest, primary_email: 'legacy@example.com', primary_phone: '+1 212 555 0100' });
    expect(res.statusCode, res.body).toBe(201);
    const [customer] = (await get(user, '/api/customers')).json();
    expect(customer).toMatchObject({ general_email: 'legacy@example.com', main_phone: '+1 212 555 0100' });
  });

  it('when a customer is edited, then the edit rules apply and the new values are kept', async () => {
    const user = makeUser();
    const id = (await post(user, NEW_CUSTOMER)).json().id;
    const missing = await d.app.inject({ method: 'PUT', url: `/api/customers/${id}`, headers: bearer(user), payload: { legal_entity_name: 'X' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['address', 'city', 'country', 'general_email', 'main_phone']);

    const edit = {
      ...NEW_CUSTOMER,
      brand_name: 'NT',
      city: 'Copenhagen',
      country: 'dk',
      main_ship_type: 'tanker',
      contact_position: 'Fuel Buyer',
      notes: 'Prefers BIMCO terms for Singapore',
      selling_terms: 'BIMCO 2018 (Bunkering)',
    };
    const res = await d.app.inject({ method: 'PUT', url: `/api/customers/${id}`, headers: bearer(makeColleague(user)), payload: edit });
    expect(res.json()).toEqual({ success: true, detail: 'Customer updated successfully!' });
    const view = (await get(user, `/api/customers/${id}`)).json();
    expect(view).toMatchObject({ display_name: 'NT', country: 'DK', main_ship_type: 'tanker', selling_terms: 'BIMCO 2018 (Bunkering)', contact_position: 'Fuel Buyer' });
  });

  it('when a customer is deleted, then it is gone from lists and search, and a second delete is 404', async () => {
    const user = makeUser();
    const id = (await post(user, NEW_CUSTOMER)).json().id;
    const del = await d.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers: bearer(user) });
    expect(del.json()).toEqual({ success: true, detail: 'Customer deleted successfully' });
    expect((await get(user, '/api/customers')).json()).toEqual([]);
    expect((await get(user, '/api/customers/search?q=nordic')).json()).toEqual([]);
    expect((await d.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers: bearer(user) })).statusCode).toBe(404);
  });

  it('when customers are searched, then names starting with the text come first and short text gives nothing', async () => {
    const user = makeUser();
    await post(user, { ...NEW_CUSTOMER, legal_entity_name: 'Global Nordic Shipping' });
    await post(user, { ...NEW_CUSTOMER, legal_entity_name: 'Nordic Bulk' });
    await post(user, { ...NEW_CUSTOMER, legal_entity_name: 'Pacific Lines', general_email: 'ops@pacific-lines.example' });
    const found = (await get(user, '/api/customers/search?q=nordic')).json();
    expect(found.map((r: { name: string }) => r.name)).toEqual(['Nordic Bulk', 'Global Nordic Shipping']);
    expect(found[0]).toMatchObject({ display_name: 'Nordic Bulk', subtitle: 'ops@nordic-tankers.example' });
    expect((await get(user, '/api/customers/search?q=n')).json()).toEqual([]);
  });

  it('when the list is paged and filtered, then the total counts every match', async () => {
    const user = makeUser();
    for (let i = 0; i < 5; i++) await post(user, { ...NEW_CUSTOMER, legal_entity_name: `Fleet ${i}` });
    const page = await get(user, '/api/customers/detailed?limit=2&offset=2&q=fleet');
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json().map((c: { legal_entity_name: string }) => c.legal_entity_name)).toEqual(['Fleet 2', 'Fleet 3']);
  });

  it('when stats are asked for, then they count customers, active ones and inquiries of the company only', async () => {
    const user = makeUser();
    const id = (await post(user, NEW_CUSTOMER)).json().id;
    await post(user, NEW_CUSTOMER);
    await post(makeUser(), NEW_CUSTOMER);
    await d.deps.database.db.updateTable('companies').set({ inquiry_count: 3 }).where('id', '=', id).execute();
    expect((await get(user, '/api/customers/stats')).json()).toEqual({ total_customers: 2, active_customers: 1, total_inquiries: 3 });
  });
});
