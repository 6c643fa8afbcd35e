import { bearer, type TestUser } from '@mfd/testing';
import type { startWithDirectory } from './harness';

type Stack = Awaited<ReturnType<typeof startWithDirectory>>;

/** A real IMO from ../shared/data/vessels (check digit valid). */
export const MSC_IMO = '9703291';

export async function createCustomer(s: Stack, user: TestUser, name = 'Nordic Tankers A/S'): Promise<string> {
  const res = await s.directory.app.inject({
    method: 'POST',
    url: '/api/customers/detailed',
    headers: bearer(user),
    payload: {
      legal_entity_name: name,
      address: 'Amaliegade 10, Copenhagen',
      city: 'Copenhagen',
      country: 'DK',
      general_email: 'ops@nordic-tankers.example',
      main_phone: '+45 33 44 55 66',
      contact_name: 'Mette Hansen',
      contact_phone: '+45 33 44 55 67',
      contact_email: 'mette@nordic-tankers.example',
      // Chosen, so the directory needs no company settings from identity (not every stack has one).
      selling_terms: 'GT&C',
      main_ship_type: 'Tanker',
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id;
}

export async function portId(s: Stack, user: TestUser, unlocode = 'SGSIN'): Promise<string> {
  const res = await s.directory.app.inject({
    method: 'GET',
    url: `/api/ports/${unlocode}/lookup`,
    headers: bearer(user),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().port.id;
}

export function newInquiry(customerId: string, portIdValue: string, extra: object = {}) {
  return {
    customer_company_id: customerId,
    port_id: portIdValue,
    vessel_name: 'MSC OSCAR',
    imo: MSC_IMO,
    agent_name: 'Harbour Agency',
    agent_email: 'ops@harbour-agency.example',
    eta: '2030-12-10T08:00:00+08:00',
    etb: '2030-12-10T12:00:00+08:00',
    etd: '2030-12-11T06:00:00+08:00',
    commentary: 'Prefer barge delivery.',
    products: [
      { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: '600.5' },
      { product_name: 'MGO', iso_spec: 'ISO8217:2024', quantity_mt_min: '50', quantity_mt_max: 80 },
    ],
    ...extra,
  };
}
