import type { Kysely } from 'kysely';
import { customerCreate, DEFAULT_SELLING_TERMS, supplierInput } from '@mfd/contracts';
import type { Actor } from '../data/actor';
import type { DirectoryDB } from '../data/db';
import { createCustomer } from '../data/customers.repository';
import { addStandardFuels } from '../data/products.repository';
import { createSupplier } from '../data/suppliers.repository';

/** Three major bunkering ports, one sample supplier each. */
const SAMPLE_SUPPLIERS = [
  {
    port: 'SGSIN',
    trading_name: 'Lion City Bunkering',
    email: 'trading@lioncity-bunkering.example',
    phone: '+65 6220 1234',
    contact: 'Tan Wei Ming',
  },
  {
    port: 'NLRTM',
    trading_name: 'Maasvlakte Marine Fuels',
    email: 'desk@maas-marinefuels.example',
    phone: '+31 10 440 5566',
    contact: 'Pieter de Vries',
  },
  {
    port: 'AEJEA',
    trading_name: 'Gulf Energy Bunkers',
    email: 'sales@gulf-energy-bunkers.example',
    phone: '+971 4 881 2345',
    contact: 'Omar Al Hashimi',
  },
];

const SAMPLE_CUSTOMERS = [
  {
    legal_entity_name: 'Nordic Tankers A/S',
    address: 'Amaliegade 10, 1256 Copenhagen',
    city: 'Copenhagen',
    country: 'DK',
    general_email: 'operations@nordic-tankers.example',
    main_phone: '+45 33 44 55 66',
    website: 'nordic-tankers.example',
    contact_name: 'Mette Hansen',
    contact_phone: '+45 33 44 55 67',
    contact_email: 'mette.hansen@nordic-tankers.example',
    main_ship_type: 'Tanker',
  },
  {
    legal_entity_name: 'Pacific Container Lines Pte. Ltd.',
    address: '1 Harbourfront Avenue, Singapore 098632',
    city: 'Singapore',
    country: 'SG',
    general_email: 'bunkers@pacific-container.example',
    main_phone: '+65 6377 8899',
    website: null,
    contact_name: 'Lim Hui Ying',
    contact_phone: '+65 6377 8800',
    contact_email: 'huiying.lim@pacific-container.example',
    main_ship_type: 'Container Ship',
  },
  {
    legal_entity_name: 'Atlantic Bulk Carriers Inc.',
    address: '80 Broad Street, New York, NY 10004',
    city: 'New York',
    country: 'US',
    general_email: 'fuel@atlantic-bulk.example',
    main_phone: '+1 212 555 0147',
    website: 'atlantic-bulk.example',
    contact_name: 'James Carter',
    contact_phone: '+1 212 555 0148',
    contact_email: 'james.carter@atlantic-bulk.example',
    main_ship_type: 'Bulk Carrier',
  },
];

/**
 * Fills an admin's company with enough to try the product: a supplier at each of three major
 * ports and three customers, and, when a platform operator asks (`sharedData`), the standard
 * fuels in the products every company shares. Rows that exist (by name) are kept, so running
 * it twice adds nothing.
 */
export async function addSampleData(
  db: Kysely<DirectoryDB>,
  actor: Actor,
  { sharedData }: { sharedData: boolean },
) {
  const fuels = sharedData ? await addStandardFuels(db, actor) : 0;
  const ports = await db
    .selectFrom('ports')
    .select(['id', 'unlocode'])
    .where(
      'unlocode',
      'in',
      SAMPLE_SUPPLIERS.map((s) => s.port),
    )
    .execute();
  const portId = new Map(ports.map((p) => [p.unlocode.trim(), p.id]));

  const existingSuppliers = new Set(
    (
      await db
        .selectFrom('suppliers')
        .select('trading_name')
        .where('tenant_id', '=', actor.tenantId)
        .execute()
    ).map((s) => s.trading_name),
  );
  let suppliers = 0;
  for (const s of SAMPLE_SUPPLIERS) {
    if (existingSuppliers.has(s.trading_name)) continue;
    const id = portId.get(s.port);
    await createSupplier(
      db,
      actor,
      supplierInput.parse({
        trading_name: s.trading_name,
        default_email: s.email,
        default_phone: s.phone,
        contacts: [{ name: s.contact, email: s.email, phone: s.phone, role: 'Trader', is_primary: true }],
        port_ids: id ? [id] : [],
      }),
    );
    suppliers++;
  }

  const existingCustomers = new Set(
    (
      await db
        .selectFrom('companies')
        .select('legal_entity_name')
        .where('tenant_id', '=', actor.tenantId)
        .where('type', '=', 'customer')
        .where('deleted_at', 'is', null)
        .execute()
    ).map((c) => c.legal_entity_name),
  );
  let customers = 0;
  for (const c of SAMPLE_CUSTOMERS) {
    if (existingCustomers.has(c.legal_entity_name)) continue;
    // Examples to try the product on: the spec's default terms, not a setting read from identity.
    await createCustomer(db, actor, { ...customerCreate.parse(c), selling_terms: DEFAULT_SELLING_TERMS });
    customers++;
  }
  return { fuels, suppliers, customers };
}
