import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '@mfd/db';
import { dropSchemas, testInfra, uniqueSchema } from '@mfd/testing';
import type { InquiryDB } from '../src/data/db';
import { linesByInquiry } from '../src/data/product-lines.repository';
import { findInquiry } from '../src/data/inquiries.repository';
import { pendingChanges } from '../src/domain/rfq/sent-version';
import { migrations } from '../src/migrations';

/** The migrations before notes for suppliers and sent versions, to lay down inquiries as they were. */
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0011'));

describe('the sent-version migration', () => {
  const schema = uniqueSchema('inquiry');
  afterAll(() => dropSchemas(testInfra().pgUrl, [schema]));

  it('when an inquiry was sent before (each edit mailed at once), then its suppliers have it as it stands: nothing is pending; a draft has no sent version', async () => {
    const database = createDatabase({ url: testInfra().pgUrl, schema });
    const db = database.db as Kysely<unknown>;
    try {
      await migrateToLatest(db, database.pool, schema, before);
      const [tenant, sent, draft, line, distribution] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await sql`insert into inquiries (id, tenant_id, created_by, vessel_name, port_name, port_timezone, eta, status)
        values (${sent}, ${tenant}, ${randomUUID()}, 'MSC OSCAR', 'Singapore', 'Asia/Singapore',
                '2030-12-10T00:00:00Z', 'distributed'),
               (${draft}, ${tenant}, ${randomUUID()}, 'MAERSK ESSEX', null, null, null, 'draft')`.execute(db);
      await sql`insert into inquiry_products (id, tenant_id, inquiry_id, product_name, quantity_mt_min, quantity_mt_max, iso_spec)
        values (${line}, ${tenant}, ${sent}, 'VLSFO', 500, 600.5, 'ISO8217:2017')`.execute(db);
      await sql`insert into distributions (id, tenant_id, inquiry_id, sent_by, reply_by)
        values (${distribution}, ${tenant}, ${sent}, ${randomUUID()}, '2030-12-09T00:00:00Z')`.execute(db);
      await sql`insert into inquiry_recipients (id, tenant_id, inquiry_id, distribution_id, supplier_id, supplier_name, email, reply_by)
        values (${randomUUID()}, ${tenant}, ${sent}, ${distribution}, ${randomUUID()}, 'Lion City Bunkering',
                'offers@lioncity.example', '2030-12-09T00:00:00Z')`.execute(db);

      await migrateToLatest(db, database.pool, schema, migrations);
      const typed = database.db as Kysely<InquiryDB>;
      const inquiry = (await findInquiry(typed, tenant, sent))!;
      expect(inquiry.sent_version).toMatchObject({
        vessel_name: 'MSC OSCAR',
        supplier_notes: null,
        lines: [{ id: line, product_name: 'VLSFO', quantity_mt_min: '500.0', quantity_mt_max: '600.5' }],
      });
      expect(new Date(inquiry.sent_version!.eta!).toISOString()).toBe('2030-12-10T00:00:00.000Z');
      const lines = (await linesByInquiry(typed, tenant, [sent])).get(sent) ?? [];
      expect(await pendingChanges(typed, inquiry, lines)).toBeNull();
      expect((await findInquiry(typed, tenant, draft))!.sent_version).toBeNull();
    } finally {
      await database.close();
    }
  });
});
