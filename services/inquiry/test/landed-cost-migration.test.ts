import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '@mfd/db';
import { dropSchemas, testInfra, uniqueSchema } from '@mfd/testing';
import { migrations } from '../src/migrations';

/** The migrations before itemised charges, to lay down offers as they were stored then. */
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0006'));

describe('the landed-cost migration', () => {
  const schema = uniqueSchema('inquiry');
  afterAll(() => dropSchemas(testInfra().pgUrl, [schema]));

  it('when offers were stored with two lump sums, then every revision carries them as itemised charges, in its snapshot and its rows alike', async () => {
    const database = createDatabase({ url: testInfra().pgUrl, schema });
    const db = database.db as Kysely<unknown>;
    try {
      await migrateToLatest(db, database.pool, schema, before);
      const [tenant, inquiry, line, offer] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await sql`insert into inquiries (id, tenant_id, created_by, vessel_name)
        values (${inquiry}, ${tenant}, ${randomUUID()}, 'MSC OSCAR')`.execute(db);
      await sql`insert into inquiry_products (id, tenant_id, inquiry_id, product_name, quantity_mt_min, quantity_mt_max, iso_spec)
        values (${line}, ${tenant}, ${inquiry}, 'VLSFO', 500, 800, 'ISO8217:2017')`.execute(db);
      await sql`insert into offers (id, tenant_id, inquiry_id, supplier_id, status, revision, barging_charges, other_charges)
        values (${offer}, ${tenant}, ${inquiry}, ${randomUUID()}, 'submitted', 2, 1500.5, 0)`.execute(db);
      await sql`insert into offer_lines (offer_id, product_line_id, tenant_id, price_per_mt, min_deliverable, max_deliverable, delivery_method)
        values (${offer}, ${line}, ${tenant}, 600, 500, 800, 'barge')`.execute(db);
      const snapshot = (barging: string, other: string) =>
        JSON.stringify({
          source: 'link',
          barging_charges: barging,
          other_charges: other,
          total_stem_cost: '1',
        });
      await sql`insert into offer_revisions (offer_id, revision, tenant_id, source, content) values
        (${offer}, 1, ${tenant}, 'link', ${snapshot('1200', '35.5')}::jsonb),
        (${offer}, 2, ${tenant}, 'link', ${snapshot('1500.5', '0')}::jsonb)`.execute(db);

      await migrateToLatest(db, database.pool, schema, migrations);

      const charges = await sql<{
        revision: number;
        position: number;
        kind: string;
        basis: string;
        amount: string;
      }>`
        select revision, position, kind, basis, amount from offer_charges order by revision, position`.execute(
        db,
      );
      expect(charges.rows).toEqual([
        { revision: 1, position: 0, kind: 'barging', basis: 'lump_sum', amount: '1200.00' },
        { revision: 1, position: 1, kind: 'other', basis: 'lump_sum', amount: '35.50' },
        { revision: 2, position: 0, kind: 'barging', basis: 'lump_sum', amount: '1500.50' },
      ]);
      const snapshots = await sql<{ content: Record<string, unknown> }>`
        select content from offer_revisions order by revision`.execute(db);
      expect(snapshots.rows[0]!.content).toEqual({
        source: 'link',
        total_stem_cost: '1',
        charges: [
          {
            kind: 'barging',
            basis: 'lump_sum',
            amount: '1200',
            threshold_mt: null,
            amount_above: null,
            product_line_ids: null,
            note: null,
            amount_usd: '1200.00',
            contingent: false,
          },
          expect.objectContaining({ kind: 'other', amount: '35.5', amount_usd: '35.50' }),
        ],
      });
      expect(snapshots.rows[1]!.content.charges).toHaveLength(1);
      const lineRow = await sql<{ pricing: string; price_per_mt: string }>`
        select pricing, price_per_mt from offer_lines`.execute(db);
      expect(lineRow.rows).toEqual([{ pricing: 'fixed', price_per_mt: '600.00' }]);
      const columns = await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_schema = ${schema} and table_name = 'offers' and column_name like '%charges'`.execute(db);
      expect(columns.rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
