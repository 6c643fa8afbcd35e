import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startWithDirectory } from './harness';
import { createCustomer, newInquiry, portId } from './inquiry-fixtures';

type Stack = Awaited<ReturnType<typeof startWithDirectory>>;

describe('inquiries', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startWithDirectory();
  });
  afterAll(() => s.close());

  const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  async function setUp() {
    const user = makeUser();
    const customerId = await createCustomer(s, user);
    const sgsin = await portId(s, user);
    return { user, customerId, sgsin };
  }

  async function created(user: TestUser, body: object): Promise<string> {
    const res = await api(user, 'POST', '/api/inquiries', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  it('when a trader creates an inquiry with two fuel lines, then the detail shows it with the port and customer it names', async () => {
    const { user, customerId, sgsin } = await setUp();
    const res = await api(user, 'POST', '/api/inquiries', {
      ...newInquiry(customerId, sgsin),
      trading_company_id: customerId,
      created_by: customerId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, detail: 'Inquiry created successfully!' });

    const detail = (await api(user, 'GET', `/api/inquiries/${res.json().id}`)).json();
    expect(detail).toMatchObject({
      trading_company_id: user.tenantId,
      created_by: user.userId,
      customer_company_id: customerId,
      customer_name: 'Nordic Tankers A/S',
      customer_details: {
        legal_entity_name: 'Nordic Tankers A/S',
        general_email: 'ops@nordic-tankers.example',
      },
      port_id: sgsin,
      port_name: 'Singapore',
      port_timezone: 'Asia/Singapore',
      port_details: { unlocode: 'SGSIN', country: 'SG', timezone: 'Asia/Singapore' },
      vessel_name: 'MSC OSCAR',
      imo: '9703291',
      eta: '2030-12-10T00:00:00.000Z',
      status: 'draft',
      products_count: 2,
    });
    expect(
      detail.products.map(
        (p: { product_name: string; iso_spec: string; quantity_mt_min: string; quantity_mt_max: string }) => [
          p.product_name,
          p.iso_spec,
          p.quantity_mt_min,
          p.quantity_mt_max,
        ],
      ),
    ).toEqual([
      ['VLSFO', 'ISO8217:2017', '500', '600.5'],
      ['MGO', 'ISO8217:2024', '50', '80'],
    ]);
  });

  it('when a field is wrong, then 400 names it and nothing is written', async () => {
    const { user, customerId, sgsin } = await setUp();
    const foreignCustomer = await createCustomer(s, makeUser(), 'Someone Else Shipping');
    const cases: [object, string][] = [
      [{ customer_company_id: undefined }, 'customer_company_id'],
      [{ customer_company_id: foreignCustomer }, 'customer_company_id'],
      [{ port_id: '0190a6f1-0000-7000-8000-0000000000ff' }, 'port_id'],
      [{ vessel_name: '  ' }, 'vessel_name'],
      [{ imo: '9703292' }, 'imo'],
      [{ agent_email: 'not-an-email' }, 'agent_email'],
      [{ etb: '2030-12-09T00:00:00Z' }, 'etb'],
      [{ eta: 'tomorrow' }, 'eta'],
      [
        { products: [{ product_name: 'KEROSENE', quantity_mt_min: 1, quantity_mt_max: 2 }] },
        'products.0.product_name',
      ],
      [
        { products: [{ product_name: 'VLSFO', quantity_mt_min: '10.25', quantity_mt_max: 20 }] },
        'products.0.quantity_mt_min',
      ],
      [
        { products: [{ product_name: 'VLSFO', quantity_mt_min: 0, quantity_mt_max: 20 }] },
        'products.0.quantity_mt_min',
      ],
      [
        { products: [{ product_name: 'VLSFO', quantity_mt_min: 30, quantity_mt_max: 20 }] },
        'products.0.quantity_mt_max',
      ],
      [
        {
          products: [
            { product_name: 'VLSFO', iso_spec: 'ISO8217:1999', quantity_mt_min: 1, quantity_mt_max: 2 },
          ],
        },
        'products.0.iso_spec',
      ],
    ];
    for (const [change, field] of cases) {
      const res = await api(user, 'POST', '/api/inquiries', newInquiry(customerId, sgsin, change));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    expect((await api(user, 'GET', '/api/inquiries')).json()).toEqual([]);
  });

  it('when the trader edits the inquiry and its lines, then the detail and the list show the change', async () => {
    const { user, customerId, sgsin } = await setUp();
    const id = await created(user, newInquiry(customerId, sgsin));
    const rotterdam = await portId(s, user, 'NLRTM');
    const edit = await api(user, 'PUT', `/api/inquiries/${id}`, {
      customer_company_id: customerId,
      port_id: rotterdam,
      vessel_name: 'MSC OSCAR',
      imo: '9703291',
      eta: '2030-12-12T06:00:00+01:00',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().detail).toBe('Inquiry updated successfully!');

    const before = (await api(user, 'GET', `/api/inquiries/${id}`)).json();
    expect(before).toMatchObject({
      port_name: 'Rotterdam',
      eta: '2030-12-12T05:00:00.000Z',
      agent_name: null,
      etb: null,
    });
    const [vlsfo, mgo] = before.products;
    expect(
      (
        await api(user, 'PUT', `/api/inquiries/${id}/products/${vlsfo.id}`, {
          product_name: 'VLSFO',
          quantity_mt_min: 700,
          quantity_mt_max: 750,
        })
      ).json().detail,
    ).toBe('Product updated successfully!');
    // The spec's line edit sends no ISO edition: MGO keeps its 2024 edition.
    await api(user, 'PUT', `/api/inquiries/${id}/products/${mgo.id}`, {
      product_name: 'MGO',
      quantity_mt_min: 60,
      quantity_mt_max: 90,
    });
    const edited = (await api(user, 'GET', `/api/inquiries/${id}`)).json().products[1];
    expect([edited.iso_spec, edited.quantity_mt_max]).toEqual(['ISO8217:2024', '90']);
    expect((await api(user, 'DELETE', `/api/inquiries/${id}/products/${mgo.id}`)).json().detail).toBe(
      'Product deleted successfully!',
    );
    const added = await api(user, 'POST', `/api/inquiries/${id}/products`, {
      product_name: 'hsfo',
      quantity_mt_min: 1000,
      quantity_mt_max: 1200,
    });
    expect(added.statusCode, added.body).toBe(201);

    const [row] = (await api(user, 'GET', '/api/inquiries')).json();
    expect(
      row.products.map(
        (p: { product_name: string; quantity_mt_min: string }) => `${p.product_name} ${p.quantity_mt_min}`,
      ),
    ).toEqual(['VLSFO 700', 'HSFO 1000']);
    const badLine = await api(user, 'PUT', `/api/inquiries/${id}/products/${vlsfo.id}`, {
      product_name: 'VLSFO',
      quantity_mt_min: 800,
      quantity_mt_max: 750,
    });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().errors[0].field).toBe('quantity_mt_max');
  });

  it('when an inquiry is cancelled, then it is read-only and cannot be cancelled again (409)', async () => {
    const { user, customerId, sgsin } = await setUp();
    const id = await created(user, newInquiry(customerId, sgsin));
    const cancel = await api(user, 'POST', `/api/inquiries/${id}/cancel`, { reason: 'Vessel diverted' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const detail = (await api(user, 'GET', `/api/inquiries/${id}`)).json();
    expect(detail).toMatchObject({ status: 'cancelled', cancel_reason: 'Vessel diverted' });

    const again = await api(user, 'POST', `/api/inquiries/${id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This inquiry cannot be cancelled: it has been cancelled.');
    const edit = await api(
      user,
      'PUT',
      `/api/inquiries/${id}`,
      newInquiry(customerId, sgsin, { products: undefined }),
    );
    expect(edit.statusCode).toBe(409);
    const line = await api(user, 'POST', `/api/inquiries/${id}/products`, {
      product_name: 'MGO',
      quantity_mt_min: 1,
      quantity_mt_max: 2,
    });
    expect(line.statusCode).toBe(409);
    expect(
      (await api(user, 'DELETE', `/api/inquiries/${id}/products/${detail.products[0].id}`)).statusCode,
    ).toBe(409);
  });

  it('when the list is searched, filtered and paged, then it answers the matching rows newest first with the total in x-total-count', async () => {
    const { user, customerId, sgsin } = await setUp();
    const rotterdam = await portId(s, user, 'NLRTM');
    await created(user, newInquiry(customerId, sgsin, { vessel_name: 'EVER GIVEN', imo: null }));
    const second = await created(
      user,
      newInquiry(customerId, rotterdam, { vessel_name: 'MAERSK ESSEX', imo: null }),
    );
    const third = await created(user, newInquiry(customerId, rotterdam, { vessel_name: 'MSC OSCAR' }));
    await api(user, 'POST', `/api/inquiries/${second}/cancel`, {});

    const all = await api(user, 'GET', '/api/inquiries?limit=2');
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().map((r: { id: string }) => r.id)[0]).toBe(third);
    expect(all.json()).toHaveLength(2);
    const names = async (query: string) =>
      (await api(user, 'GET', `/api/inquiries?${query}`))
        .json()
        .map((r: { vessel_name: string }) => r.vessel_name);
    expect(await names('q=rotter')).toEqual(['MSC OSCAR', 'MAERSK ESSEX']);
    expect(await names('q=9703291')).toEqual(['MSC OSCAR']);
    expect(await names('q=nordic')).toHaveLength(3);
    expect(await names('status=cancelled')).toEqual(['MAERSK ESSEX']);
    expect(await names('q=%25')).toEqual([]);
    expect((await api(user, 'GET', '/api/inquiries?status=open')).statusCode).toBe(400);
  });

  it('when the list is searched, then any of vessel, IMO, customer, port and UN/LOCODE matches in any case, wildcards match themselves and every page carries the total', async () => {
    const { user, customerId, sgsin } = await setUp();
    const rotterdam = await portId(s, user, 'NLRTM');
    const other = await createCustomer(s, user, 'Blue Water Bunkers');
    const underscore = await created(
      user,
      newInquiry(other, sgsin, { vessel_name: 'Pacific_Star 100%', imo: null }),
    );
    const plain = await created(
      user,
      newInquiry(other, sgsin, { vessel_name: 'PacificXStar 1000', imo: null }),
    );
    const msc = await created(user, newInquiry(customerId, rotterdam));
    // Another company's inquiry matches every query below and is never seen.
    const stranger = makeUser();
    await created(
      stranger,
      newInquiry(await createCustomer(s, stranger), await portId(s, stranger, 'NLRTM'), {
        vessel_name: 'Pacific_Star 100%',
      }),
    );

    const search = async (query: string) => {
      const res = await api(user, 'GET', `/api/inquiries?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().map((r: { id: string }) => r.id), total: res.headers['x-total-count'] };
    };
    const q = (text: string) => `q=${encodeURIComponent(text)}`;
    expect(await search(q('pACIFIC'))).toEqual({ ids: [plain, underscore], total: '2' });
    expect(await search(q('pacific_star'))).toEqual({ ids: [underscore], total: '1' });
    expect(await search(q('100%'))).toEqual({ ids: [underscore], total: '1' });
    expect(await search(q('star 10_0'))).toEqual({ ids: [], total: '0' });
    expect(await search(q('\\'))).toEqual({ ids: [], total: '0' });
    expect(await search(q('970329'))).toEqual({ ids: [msc], total: '1' });
    expect(await search(q('blue WATER'))).toEqual({ ids: [plain, underscore], total: '2' });
    expect(await search(q('TERDAM'))).toEqual({ ids: [msc], total: '1' });
    expect(await search(q('nlrt'))).toEqual({ ids: [msc], total: '1' });
    expect(await search(`${q('a')}&limit=2`)).toEqual({ ids: [msc, plain], total: '3' });
    expect(await search(`${q('a')}&limit=2&offset=2`)).toEqual({ ids: [underscore], total: '3' });
    expect(await search(`${q('a')}&limit=2&offset=3`)).toEqual({ ids: [], total: '3' });
    expect(await search(`${q('a')}&status=draft&offset=1&limit=1`)).toEqual({ ids: [plain], total: '3' });
    expect(await search(`${q('zzz')}&offset=4`)).toEqual({ ids: [], total: '0' });
  });

  it('when a user of another company calls any inquiry route with an id, then 404 and nothing changes', async () => {
    const { user, customerId, sgsin } = await setUp();
    const id = await created(user, newInquiry(customerId, sgsin));
    const lineId = (await api(user, 'GET', `/api/inquiries/${id}`)).json().products[0].id;
    const stranger = makeUser();
    const strangerCustomer = await createCustomer(s, stranger);
    const lineBody = { product_name: 'MGO', quantity_mt_min: 1, quantity_mt_max: 2 };
    /** Every route that names an inquiry: a new one fails the first expectation until it is listed here. */
    const probes: Record<string, object | undefined> = {
      'GET /api/inquiries/:id': undefined,
      'PUT /api/inquiries/:id': newInquiry(strangerCustomer, sgsin, { products: undefined }),
      'PUT /api/inquiries/:id/owner': { user_id: randomUUID() },
      'POST /api/inquiries/:id/cancel': {},
      'POST /api/inquiries/:id/amendments': { message: 'Berth moved.' },
      'POST /api/inquiries/:id/products': lineBody,
      'PUT /api/inquiries/:id/products/:productId': lineBody,
      'DELETE /api/inquiries/:id/products/:productId': undefined,
      'POST /api/inquiries/:id/copy': undefined,
      'GET /api/inquiries/:id/recipients': undefined,
      'GET /api/inquiries/:id/suggested-suppliers': undefined,
      'POST /api/inquiries/:id/distribute': { recipients: [{ supplier_id: randomUUID() }] },
      'GET /api/inquiries/:id/offers': undefined,
      'POST /api/inquiries/:id/award': {
        lines: [{ product_line_id: lineId, offer_id: randomUUID(), revision: 1 }],
        notes: null,
      },
      'GET /api/inquiries/:id/offer-seal': undefined,
      'POST /api/inquiries/:id/rounds': {
        offer_ids: [randomUUID()],
        reply_by: new Date(Date.now() + 86_400_000).toISOString(),
      },
      'GET /api/inquiries/:id/index-values': undefined,
      'GET /api/inquiries/:id/timeline': undefined,
      'GET /api/inquiries/:id/messages': undefined,
      'GET /api/inquiries/:id/last-done': undefined,
      'GET /api/inquiries/:id/offers.xlsx': undefined,
      'GET /api/inquiries/:id/offers.pdf': undefined,
      'POST /api/inquiries/:id/messages/read': { ids: [randomUUID()] },
      'PUT /api/inquiries/:id/index-values': {
        values: [{ index_name: 'Platts Singapore Marine Fuel 0.5%', value: '600', as_of: '2026-11-20' }],
      },
      'POST /api/inquiries/:id/offers': {
        supplier_id: randomUUID(),
        lines: [
          {
            product_line_id: lineId,
            price_per_mt: '600',
            min_deliverable: 1,
            max_deliverable: 2,
            delivery_method: 'barge',
          },
        ],
        valid_until: new Date(Date.now() + 86_400_000).toISOString(),
      },
    };
    // Offer routes by offer id are probed in offers.test.ts; public links in public-offers.test.ts.
    const withParams = s.inquiry.app.routeTable
      .filter((r) => r.url.startsWith('/api/inquiries/:id'))
      .map((r) => `${r.method} ${r.url}`);
    expect(withParams.sort()).toEqual(Object.keys(probes).sort());
    const before = (await api(user, 'GET', `/api/inquiries/${id}`)).json();
    for (const [route, body] of Object.entries(probes)) {
      const [method, pattern] = route.split(' ') as ['GET', string];
      const res = await api(stranger, method, pattern.replace(':id', id).replace(':productId', lineId), body);
      expect(res.statusCode, route).toBe(404);
    }
    expect((await api(user, 'GET', `/api/inquiries/${id}`)).json()).toEqual(before);
    expect((await api(stranger, 'GET', '/api/inquiries')).json()).toEqual([]);
  });

  it('when a line id belongs to another inquiry of the same company, then 404', async () => {
    const { user, customerId, sgsin } = await setUp();
    const a = await created(user, newInquiry(customerId, sgsin));
    const b = await created(user, newInquiry(customerId, sgsin));
    const lineOfB = (await api(user, 'GET', `/api/inquiries/${b}`)).json().products[0].id;
    expect((await api(user, 'DELETE', `/api/inquiries/${a}/products/${lineOfB}`)).statusCode).toBe(404);
  });
});
