import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { createSupplier, distribute, portOf, recipientRows, suggested } from './distribution-fixtures';
import { startRfq } from './harness';
import { createInquiry, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

describe('copy as new inquiry, and the addresses an inquiry went to', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const detail = async (user: Caller, id: string) => (await api(user, 'GET', `/api/inquiries/${id}`)).json();
  const countInquiries = async () =>
    (
      await s.inquiry.deps.database.db
        .selectFrom('inquiries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  /** A trader's inquiry (two fuel lines, dates, agent, notes) sent to one supplier at two addresses. */
  async function sentInquiry() {
    const trader = await signUpTrader(s.identity);
    const lion = await createSupplier(s, trader, 'Lion City Bunkering', {
      portIds: [await portOf(s, trader)],
      contacts: [{ name: 'Tan Wei Ming', email: 'weiming@lioncity.example' }],
    });
    const inquiry = await createInquiry(s, trader);
    const sent = await distribute(s, trader, inquiry.id, {
      recipients: [
        { supplier_id: lion.id, contact_id: null },
        { supplier_id: lion.id, contact_id: lion.contacts[0]!.id },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return { trader, lion, inquiry };
  }

  it('when a trader copies an inquiry that went to suppliers, then a new draft has its customer, port, vessel, notes and lines, and no dates, agent or recipients', async () => {
    const { trader, lion, inquiry } = await sentInquiry();
    const source = await detail(trader, inquiry.id);

    const res = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/copy`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, id: expect.any(String) });
    const copyId: string = res.json().id;
    expect(copyId).not.toBe(inquiry.id);

    const copy = await detail(trader, copyId);
    expect(copy).toMatchObject({
      status: 'draft',
      created_by: trader.userId,
      customer_company_id: source.customer_company_id,
      customer_name: 'Nordic Tankers A/S',
      customer_details: source.customer_details,
      port_id: source.port_id,
      port_details: source.port_details,
      vessel_name: 'MSC OSCAR',
      imo: source.imo,
      commentary: 'Prefer barge delivery.',
      eta: null,
      etb: null,
      etd: null,
      agent_name: null,
      agent_email: null,
      cancel_reason: null,
      products_count: 2,
    });
    const lines = (d: { products: Record<string, unknown>[] }) =>
      d.products.map(({ product_name, iso_spec, quantity_mt_min, quantity_mt_max }) => ({
        product_name,
        iso_spec,
        quantity_mt_min,
        quantity_mt_max,
      }));
    expect(lines(copy)).toEqual(lines(source));
    // New lines of its own: changing the copy's never touches the source's.
    expect(copy.products.map((p: { id: string }) => p.id)).not.toContain(source.products[0].id);

    // It went to nobody yet: no recipients, no delivery on its Suppliers tab.
    expect(await recipientRows(s, copyId)).toEqual([]);
    const recipients = await api(trader, 'GET', `/api/inquiries/${copyId}/recipients`);
    expect(recipients.json()).toEqual([]);
    expect(recipients.headers['x-total-count']).toBe('0');
    const tab = (await suggested(s, trader, copyId)).json() as { id: string; sent: unknown[] }[];
    expect(tab.find((x) => x.id === lion.id)?.sent).toEqual([]);

    // The source is as it was.
    expect(await detail(trader, inquiry.id)).toEqual(source);
  });

  it('when a cancelled inquiry is copied, then the copy is an open draft', async () => {
    const trader = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    expect(
      (await api(trader, 'POST', `/api/inquiries/${inquiry.id}/cancel`, { reason: 'Off' })).statusCode,
    ).toBe(200);
    const res = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/copy`);
    expect(res.statusCode, res.body).toBe(201);
    expect(await detail(trader, res.json().id)).toMatchObject({ status: 'draft', cancel_reason: null });
  });

  it('when another company copies an inquiry, or the id is unknown, then 404 and nothing is written', async () => {
    const { inquiry } = await sentInquiry();
    const stranger = await signUpTrader(s.identity);
    const before = await countInquiries();
    const foreign = await api(stranger, 'POST', `/api/inquiries/${inquiry.id}/copy`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, detail: 'Inquiry not found' });
    const unknown = await api(stranger, 'POST', `/api/inquiries/${crypto.randomUUID()}/copy`);
    expect(unknown.statusCode).toBe(404);
    expect((await api(stranger, 'POST', '/api/inquiries/not-an-id/copy')).statusCode).toBe(400);
    expect(await countInquiries()).toBe(before);
    expect((await api(stranger, 'GET', '/api/inquiries')).json()).toEqual([]);
  });

  it('when a trader asks whom an inquiry went to, then each address comes once, in the order sent, with the total', async () => {
    const { trader, lion, inquiry } = await sentInquiry();
    const straits = await createSupplier(s, trader, 'Straits Marine Fuels');
    // Sent again to an address that had it, and to a new one: still one entry per address.
    await distribute(s, trader, inquiry.id, {
      recipients: [{ supplier_id: lion.id }, { supplier_id: straits.id }],
      resend: true,
    });

    const res = await api(trader, 'GET', `/api/inquiries/${inquiry.id}/recipients`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { supplier_name: 'Lion City Bunkering', contact_name: null, email: lion.email },
      {
        supplier_name: 'Lion City Bunkering',
        contact_name: 'Tan Wei Ming',
        email: 'weiming@lioncity.example',
      },
      { supplier_name: 'Straits Marine Fuels', contact_name: null, email: straits.email },
    ]);
    expect(res.headers['x-total-count']).toBe('3');

    const stranger = await signUpTrader(s.identity);
    expect((await api(stranger, 'GET', `/api/inquiries/${inquiry.id}/recipients`)).statusCode).toBe(404);
  });
});
