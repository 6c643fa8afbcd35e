import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeColleague, makeUser, type TestUser } from '@mfd/testing';
import { CUSTOMER_REPLACEMENT, NEW_CUSTOMER } from './fixtures';
import { startDirectory } from './harness';

describe('customers', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());

  const post = (user: TestUser, payload: object) =>
    d.app.inject({ method: 'POST', url: '/api/customers/detailed', headers: bearer(user), payload });
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
      ['city', { city: '' }],
      ['country', { country: 'Denmark' }],
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
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toEqual([field]);
    }
    expect((await get(user, '/api/customers')).json()).toEqual([]);
  });

  it('when a customer added with the Add form is edited, then the Edit form asks for nothing the Add form did not', async () => {
    const user = makeUser();
    const id = (await post(user, NEW_CUSTOMER)).json().id;
    const view = (await get(user, `/api/customers/${id}`)).json();
    // The Edit Customer form sends back every field it shows, as the customer has them.
    const editForm = Object.fromEntries(
      Object.keys(CUSTOMER_REPLACEMENT)
        .filter((field) => field !== 'type')
        .map((field) => [field, view[field]]),
    );
    const res = await d.app.inject({
      method: 'PUT',
      url: `/api/customers/${id}`,
      headers: bearer(user),
      payload: { ...editForm, main_phone: '+45 70 20 30 40' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(user, `/api/customers/${id}`)).json()).toMatchObject({
      main_phone: '+45 70 20 30 40',
      city: 'Copenhagen',
      country: 'DK',
    });
  });

  it('when phones are typed with their own grouping, then they are kept as typed (trimmed)', async () => {
    const user = makeUser();
    const id = (
      await post(user, { ...NEW_CUSTOMER, main_phone: ' +45 3344 5566 ', contact_phone: '+4533445567' })
    ).json().id;
    expect((await get(user, `/api/customers/${id}`)).json()).toMatchObject({
      main_phone: '+45 3344 5566',
      contact_phone: '+4533445567',
    });
  });

  it('when an older client sends primary_email and primary_phone, then they stand in for the general ones', async () => {
    const user = makeUser();
    const { general_email: _e, main_phone: _p, ...rest } = NEW_CUSTOMER;
    const res = await post(user, {
      ...rest,
      primary_email: 'legacy@example.com',
      primary_phone: '+1 212 555 0100',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [customer] = (await get(user, '/api/customers')).json();
    expect(customer).toMatchObject({ general_email: 'legacy@example.com', main_phone: '+1 212 555 0100' });
  });

  it('when a customer is replaced with PUT, then every edit field must be sent: 400 names each one left out', async () => {
    const user = makeUser();
    const id = (await post(user, NEW_CUSTOMER)).json().id;
    const put = (payload: object, as = user) =>
      d.app.inject({ method: 'PUT', url: `/api/customers/${id}`, headers: bearer(as), payload });
    const missing = await put({ legal_entity_name: 'X', notes: 'Only a note' });
    expect(missing.statusCode).toBe(400);
    const errors = missing.json().errors as Array<{ field: string; message: string }>;
    expect(errors.map((e) => e.field).sort()).toEqual(
      [
        'address',
        'brand_name',
        'city',
        'contact_email',
        'contact_name',
        'contact_phone',
        'contact_position',
        'country',
        'general_email',
        'main_phone',
        'main_ship_type',
        'postal_code',
        'registration_number',
        'selling_terms',
        'state_province',
        'tax_id',
        'trading_name',
        'website',
      ].sort(),
    );
    expect(errors).toContainEqual({ field: 'brand_name', message: 'Brand name is required' });
    expect(errors).toContainEqual({ field: 'country', message: 'Country is required' });
    expect((await get(user, `/api/customers/${id}`)).json()).toMatchObject({
      legal_entity_name: 'Nordic Tankers A/S',
      notes: null,
    });

    const edit = {
      ...CUSTOMER_REPLACEMENT,
      brand_name: 'NT',
      country: 'dk',
      contact_position: 'Fuel Buyer',
      notes: 'Prefers BIMCO terms for Singapore',
      selling_terms: 'BIMCO 2018 (Bunkering)',
    };
    const res = await put(edit, makeColleague(user));
    expect(res.json()).toEqual({ success: true, detail: 'Customer updated successfully!' });
    const view = (await get(user, `/api/customers/${id}`)).json();
    expect(view).toMatchObject({
      display_name: 'NT',
      country: 'DK',
      main_ship_type: 'tanker',
      selling_terms: 'BIMCO 2018 (Bunkering)',
      contact_position: 'Fuel Buyer',
    });
    // Null empties an optional field in a replacement.
    expect((await put({ ...edit, notes: null, website: null })).statusCode).toBe(200);
    expect((await get(user, `/api/customers/${id}`)).json()).toMatchObject({
      notes: null,
      website: null,
      brand_name: 'NT',
    });
  });

  it('when a customer is changed with PATCH, then only the fields sent change and the edit rules still apply to them', async () => {
    const user = makeUser();
    const id = (await post(user, { ...NEW_CUSTOMER, selling_terms: 'BIMCO 2018 (Bunkering)' })).json().id;
    const patch = (payload: object, as = user) =>
      d.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers: bearer(as), payload });
    const before = (await get(user, `/api/customers/${id}`)).json();
    const res = await patch({ city: 'Aarhus', notes: 'Call before noon' }, makeColleague(user));
    expect(res.json()).toEqual({ success: true, detail: 'Customer updated successfully!' });
    const after = (await get(user, `/api/customers/${id}`)).json();
    // Selling terms, ship type, website and contacts are kept, not reset to defaults or null.
    expect(after).toEqual({
      ...before,
      city: 'Aarhus',
      notes: 'Call before noon',
      updated_at: expect.any(String),
    });

    const bad = await patch({ legal_entity_name: ' ', main_phone: '', country: 'Denmark' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'legal_entity_name', message: 'Legal entity name is required' },
        { field: 'main_phone', message: 'Primary phone is required' },
        { field: 'country', message: 'Country must be a 2-letter ISO country code' },
      ]),
    );
    expect(bad.json().errors).toHaveLength(3);
    expect((await get(user, `/api/customers/${id}`)).json()).toEqual(after);
  });

  it('when a customer is deleted, then it is gone from lists and search, and a second delete is 404', async () => {
    const user = makeUser();
    const id = (await post(user, NEW_CUSTOMER)).json().id;
    const del = await d.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers: bearer(user) });
    expect(del.json()).toEqual({ success: true, detail: 'Customer deleted successfully' });
    expect((await get(user, '/api/customers')).json()).toEqual([]);
    expect((await get(user, '/api/customers/search?q=nordic')).json()).toEqual([]);
    expect(
      (await d.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers: bearer(user) }))
        .statusCode,
    ).toBe(404);
  });

  it('when customers are searched, then names starting with the text come first and short text gives nothing', async () => {
    const user = makeUser();
    await post(user, { ...NEW_CUSTOMER, legal_entity_name: 'Global Nordic Shipping' });
    await post(user, { ...NEW_CUSTOMER, legal_entity_name: 'Nordic Bulk' });
    await post(user, {
      ...NEW_CUSTOMER,
      legal_entity_name: 'Pacific Lines',
      general_email: 'ops@pacific-lines.example',
    });
    const found = (await get(user, '/api/customers/search?q=nordic')).json();
    expect(found.map((r: { name: string }) => r.name)).toEqual(['Nordic Bulk', 'Global Nordic Shipping']);
    expect(found[0]).toMatchObject({ display_name: 'Nordic Bulk', subtitle: 'Copenhagen, DK' });
    expect((await get(user, '/api/customers/search?q=n')).json()).toEqual([]);
  });

  it('when the list is paged and filtered, then the total counts every match', async () => {
    const user = makeUser();
    for (let i = 0; i < 5; i++) await post(user, { ...NEW_CUSTOMER, legal_entity_name: `Fleet ${i}` });
    const page = await get(user, '/api/customers/detailed?limit=2&offset=2&q=fleet');
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json().map((c: { legal_entity_name: string }) => c.legal_entity_name)).toEqual([
      'Fleet 2',
      'Fleet 3',
    ]);
  });

  it('when stats are asked for, then they count customers, active ones and inquiries of the company only', async () => {
    const user = makeUser();
    const id = (await post(user, NEW_CUSTOMER)).json().id;
    await post(user, NEW_CUSTOMER);
    await post(makeUser(), NEW_CUSTOMER);
    await d.deps.database.db
      .updateTable('companies')
      .set({ inquiry_count: 3 })
      .where('id', '=', id)
      .execute();
    expect((await get(user, '/api/customers/stats')).json()).toEqual({
      total_customers: 2,
      active_customers: 1,
      total_inquiries: 3,
    });
  });
});
