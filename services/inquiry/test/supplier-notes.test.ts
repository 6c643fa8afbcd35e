import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { createSupplier, distribute, mailJobs, portOf, testSecrets } from './distribution-fixtures';
import { startRfq } from './harness';
import { createInquiry, publicGet, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

const NOTES = 'Delivery by barge preferred.\nSurveyor <Intertek> & sampling at the manifold.';

describe('notes for suppliers, apart from the internal Additional Notes', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const detail = async (user: Caller, id: string) => (await api(user, 'GET', `/api/inquiries/${id}`)).json();
  /** The detail's own fields as a PUT sends them back, without supplier_notes (as the spec's clients do). */
  const fieldsOf = (d: Record<string, unknown>) => ({
    customer_company_id: d.customer_company_id,
    port_id: d.port_id,
    vessel_name: d.vessel_name,
    imo: d.imo,
    agent_name: d.agent_name,
    agent_email: d.agent_email,
    eta: d.eta,
    etb: d.etb,
    etd: d.etd,
    commentary: d.commentary,
  });

  it('when an inquiry is created with notes for suppliers, then the detail answers them beside the internal notes; a PUT without them keeps them, null clears them', async () => {
    const trader = await signUpTrader(s.identity);
    const { id } = await createInquiry(s, trader, {
      commentary: 'Customer pays late: ask for LC.',
      supplier_notes: NOTES,
    });
    const created = await detail(trader, id);
    expect(created).toMatchObject({
      commentary: 'Customer pays late: ask for LC.',
      supplier_notes: NOTES,
      pending_changes: null,
    });

    const kept = await api(trader, 'PUT', `/api/inquiries/${id}`, { ...fieldsOf(created), agent_name: 'X' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await detail(trader, id)).toMatchObject({ agent_name: 'X', supplier_notes: NOTES });

    const cleared = await api(trader, 'PUT', `/api/inquiries/${id}`, {
      ...fieldsOf(created),
      supplier_notes: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await detail(trader, id)).supplier_notes).toBeNull();
  });

  it('when notes for suppliers are longer than 4,000 characters or not text, then 400 names the field and nothing is written', async () => {
    const trader = await signUpTrader(s.identity);
    const { id } = await createInquiry(s, trader, { supplier_notes: NOTES });
    const current = await detail(trader, id);
    for (const [value, message] of [
      ['x'.repeat(4001), 'Notes for suppliers must be at most 4000 characters'],
      [42, 'Notes for suppliers must be text'],
    ] as const) {
      const res = await api(trader, 'PUT', `/api/inquiries/${id}`, {
        ...fieldsOf(current),
        supplier_notes: value,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'supplier_notes', message }]);
    }
    expect((await detail(trader, id)).supplier_notes).toBe(NOTES);
  });

  it('when the inquiry is sent, then the invitation and the offer page carry the notes for suppliers and never the internal notes; a copy keeps both', async () => {
    const trader = await signUpTrader(s.identity);
    const supplier = await createSupplier(s, trader, 'Lion City Bunkering', {
      portIds: [await portOf(s, trader)],
    });
    const { id } = await createInquiry(s, trader, {
      commentary: 'Customer pays late: ask for LC.',
      supplier_notes: NOTES,
    });
    const sent = await distribute(s, trader, id, { recipients: [{ supplier_id: supplier.id }] });
    expect(sent.statusCode, sent.body).toBe(200);

    const [invitation] = (await mailJobs(s, 'rfq-invitation')).filter((j) => j.job.to === supplier.email);
    expect(invitation!.job.mail.data.rfq.supplier_notes).toBe(NOTES);
    expect(JSON.stringify(invitation!.job)).not.toContain('ask for LC');
    const page = await publicGet(s, testSecrets.open(invitation!.job.mail.data.token, supplier.email));
    expect(page.json().inquiry.supplier_notes).toBe(NOTES);
    expect(page.body).not.toContain('ask for LC');

    const copied = await api(trader, 'POST', `/api/inquiries/${id}/copy`);
    expect(await detail(trader, copied.json().id)).toMatchObject({
      commentary: 'Customer pays late: ask for LC.',
      supplier_notes: NOTES,
    });
  });
});
