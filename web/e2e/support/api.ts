import type { Page } from 'playwright-core';

/**
 * Calls the gateway from inside the page with the signed-in user's token, to set up data a test
 * needs without clicking through the screens that other tests already cover.
 */
export async function apiCall<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('mfd.token') ?? ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.status === 204 ? undefined : res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A customer with every field the create form asks for. */
export async function createCustomer(page: Page, name: string): Promise<{ id: string }> {
  return apiCall(page, 'POST', '/api/customers/detailed', {
    type: 'customer',
    legal_entity_name: name,
    address: 'Amaliegade 10, Copenhagen',
    city: 'Copenhagen',
    country: 'DK',
    general_email: 'ops@nordic-tankers.example',
    main_phone: '+45 33 44 55 66',
    contact_name: 'Mette Hansen',
    contact_phone: '+45 33 44 55 67',
    contact_email: 'mette@nordic-tankers.example',
    main_ship_type: 'Tanker',
  });
}

export async function createSupplier(page: Page, name: string): Promise<{ id: string }> {
  return apiCall(page, 'POST', '/api/suppliers', {
    trading_name: name,
    default_email: 'trading@lioncity.example',
    tags: ['General', 'Singapore'],
  });
}

/**
 * An inquiry of the signed-in user for the customer at Singapore: MSC OSCAR, VLSFO 500–600 MT and
 * MGO 50–80 MT, its ETA ten days ahead; fields overridable. Answers its id and fuel line ids.
 */
export async function createInquiry(
  page: Page,
  customerId: string,
  extra: object = {},
): Promise<{ id: string; lineIds: string[] }> {
  const [port] = await apiCall<{ id: string }[]>(page, 'GET', '/api/ports/search?q=SGSIN');
  const { id } = await apiCall<{ id: string }>(page, 'POST', '/api/inquiries', {
    customer_company_id: customerId,
    port_id: port!.id,
    vessel_name: 'MSC OSCAR',
    imo: '9703291',
    eta: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    commentary: 'Barge delivery preferred.',
    products: [
      { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 600 },
      { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 80 },
    ],
    ...extra,
  });
  const detail = await apiCall<{ products: { id: string }[] }>(page, 'GET', `/api/inquiries/${id}`);
  return { id, lineIds: detail.products.map((p) => p.id) };
}
