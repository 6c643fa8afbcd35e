import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { createDatabase, migrateToLatest } from '@mfd/db';
import type { InquiryDB } from '../services/inquiry/src/data/db';
import { priceHistory } from '../services/inquiry/src/domain/insights/price-history';
import { migrations } from '../services/inquiry/src/migrations';
import { saveResults } from './results';

/**
 * The price history of one grade at one port over the default 90 days, through the service's own
 * query and aggregation, for a company with a year of 100,000 offers (20,000 inquiries over 10
 * ports, each with a fuel-oil and a gasoil line and five offers, a tenth of the lines index-linked)
 * while another company holds as many at the same ports. p50/p95 over 40 runs; target p95 < 50 ms.
 */
const INQUIRIES = 20_000;
const OFFERS_EACH = 5;
const PORTS = Array.from({ length: 10 }, () => randomUUID());
const COMPANY = randomUUID();
const OTHER = randomUUID();
const RUNS = 40;
const TARGET_MS = 50;
const NOW = new Date('2026-11-26T12:00:00Z');

const url = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${randomBytes(4).toString('hex')}`;
const database = createDatabase<InquiryDB>({ url, schema, poolMax: 4 });
const db = database.db;

/** A company's year: inquiries spread over 365 days up to NOW, their lines, offers and offer lines. */
async function fill(tenantId: string): Promise<void> {
  await sql`
    insert into inquiries (id, tenant_id, created_by, owner_id, owner_name, vessel_name, port_id, port_name, port_timezone, status, created_at)
    select gen_random_uuid(), ${tenantId}::uuid, u.id, u.id, 'Trader', 'Vessel ' || i,
      (${PORTS}::uuid[])[1 + i % 10], 'Port ' || (i % 10), 'Asia/Singapore', 'awarded',
      ${NOW}::timestamptz - ((i * 37) % 365) * interval '1 day' - (i % 24) * interval '1 hour'
    from generate_series(1, ${INQUIRIES}) as i cross join (select gen_random_uuid() as id) u`.execute(db);
  await sql`
    insert into inquiry_products (id, tenant_id, inquiry_id, product_name, quantity_mt_min, quantity_mt_max, iso_spec, position)
    select gen_random_uuid(), i.tenant_id, i.id, g.name, 100, 500 + (abs(hashtext(i.id::text)) % 1000), 'ISO 8217:2017', g.position
    from inquiries i
    cross join lateral (values
      (case when abs(hashtext(i.vessel_name)) % 2 = 0 then 'VLSFO' else 'HSFO' end, 0), ('MGO', 1)
    ) as g(name, position)
    where i.tenant_id = ${tenantId}::uuid`.execute(db);
  await sql`
    insert into offers (id, tenant_id, inquiry_id, supplier_id, supplier_name, status, submitted_at, awarded_at, revision)
    select gen_random_uuid(), i.tenant_id, i.id, gen_random_uuid(), 'Supplier ' || k,
      case when k = 1 then 'awarded' else 'not_awarded' end,
      i.created_at + k * interval '1 hour',
      case when k = 1 then i.created_at + interval '1 day' end, 1
    from inquiries i cross join generate_series(1, ${OFFERS_EACH}) as k
    where i.tenant_id = ${tenantId}::uuid`.execute(db);
  await sql`
    insert into offer_lines (offer_id, product_line_id, tenant_id, pricing, price_per_mt, index_name, differential,
      min_deliverable, max_deliverable, delivery_method)
    select o.id, p.id, o.tenant_id,
      case when x.r % 10 = 0 then 'index' else 'fixed' end,
      case when x.r % 10 = 0 then null else 550 + (x.r % 10000) / 100.0 end,
      case when x.r % 10 = 0 then 'Platts SG 0.5%' end,
      case when x.r % 10 = 0 then (x.r % 2000) / 100.0 - 10 end,
      100, 2000, 'barge'
    from offers o
    join inquiry_products p on p.inquiry_id = o.inquiry_id
    cross join lateral (select abs(hashtext(o.id::text || p.id::text)) as r) x
    where o.tenant_id = ${tenantId}::uuid`.execute(db);
  await sql`
    insert into inquiry_index_values (inquiry_id, index_key, tenant_id, index_name, value, as_of, updated_by)
    select i.id, 'platts sg 0.5%', i.tenant_id, 'Platts SG 0.5%', 600, '2026-11-01', gen_random_uuid()
    from inquiries i where i.tenant_id = ${tenantId}::uuid and abs(hashtext(i.id::text)) % 2 = 0`.execute(db);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

try {
  await migrateToLatest(db as Kysely<unknown>, database.pool, schema, migrations);
  await fill(COMPANY);
  await fill(OTHER);
  // As autovacuum leaves them: statistics, and the visibility map the index-only scans use.
  for (const table of ['inquiries', 'inquiry_products', 'offers', 'offer_lines', 'inquiry_index_values'])
    await sql`vacuum analyze ${sql.id(schema, table)}`.execute(db);
  const offers = await db
    .selectFrom('offers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', COMPANY)
    .executeTakeFirstOrThrow();
  const query = { port_id: PORTS[0]!, product: 'VLSFO' };
  const { days } = await priceHistory(db, COMPANY, query, NOW); // warms the cache
  console.log(`offers of the company: ${offers.n.toLocaleString()}; days answered: ${days.length}`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await priceHistory(db, COMPANY, query, NOW);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
  console.log(
    `price history (90 days, one port and grade): p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
  );
  saveResults('price-history', [
    {
      metric: 'price history over 100,000 offers, p50 (ms)',
      value: Number(p50.toFixed(2)),
      target: null,
      pass: null,
    },
    {
      metric: 'price history over 100,000 offers, p95 (ms)',
      value: Number(p95.toFixed(2)),
      target: `< ${TARGET_MS}`,
      pass: p95 < TARGET_MS && days.length > 0,
    },
  ]);
} finally {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await database.close();
}
