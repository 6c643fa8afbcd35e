import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { createDatabase } from '@mfd/db';
import { bearer, dropSchemas, makeUser, TEST_MAIL_SECRET_KEYS, testKeys } from '@mfd/testing';
import { buildApp as buildDirectory } from '../services/directory/src/app';
import { directoryConfig } from '../services/directory/src/config';
import * as directoryDeps from '../services/directory/src/deps';
import { buildApp as buildInquiry } from '../services/inquiry/src/app';
import { inquiryConfig } from '../services/inquiry/src/config';
import * as inquiryDeps from '../services/inquiry/src/deps';
import type { InquiryDB } from '../services/inquiry/src/data/db';
import { backfillAwardSavings } from '../services/inquiry/src/domain/insights/award-savings';
import type { TimingAnswer, TimingRequest } from './http-timer-worker';
import { saveResults } from './results';

/**
 * Lists at volume (issue 27): a company with 1,000, then 10,000, then 100,000 inquiries (5 fuel
 * lines each, 3 offers each on average, each offer from a recipient of the inquiry's distribution,
 * with its revision and 2 priced lines; one open inquiry with 200 offers pricing every line) while
 * another company holds as many. At each size, through the inquiry service listening on a socket,
 * with a user's token, called by a client on a thread of its own (`http-timer-worker.ts`): the
 * inquiry list's first page, a search by vessel name, the dashboard, and the calls the web app's
 * Offers tab makes for the inquiry with 200 offers. p50/p95 over 40 runs each; target p95 <= 25 ms
 * at 100,000.
 * Seeded in SQL (generate_series; ids derived from the company and the inquiry's number, so each
 * table is filled without joins) in schemas of the bench's own, dropped at the end. Awards seeded in
 * SQL have no kept saving (award_savings, which the award route writes): after each size is seeded,
 * the service's start-up backfill fills them (timed and printed), so the dashboard is timed as it
 * answers in the steady state, not on the one read that would compute a year of savings.
 */
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** BENCH_CALLS=dashboard,search times only the calls whose name holds one of the words (results not saved). */
const ONLY = process.env.BENCH_CALLS?.split(',');
const RUNS = 40;
const WARMUP = 5;
const CONTEXT_RUNS = 2;
const TARGET_MS = 25;
const BIG_OFFERS = 200;
const NOW = new Date();
const infra = {
  pgUrl: process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

const tag = randomBytes(4).toString('hex');
const serviceEnv = (service: string, extra: Record<string, string> = {}) => ({
  schema: `bench_${tag}_${service}`,
  env: {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    PORT: '0',
    PG_URL: infra.pgUrl,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: `bench:${tag}`,
    DB_SCHEMA: `bench_${tag}_${service}`,
    ...extra,
  },
});

// The dashboard asks the directory for the supplier card: a real directory (empty) answers.
const dir = serviceEnv('directory');
const directory = directoryDeps.createDeps(directoryConfig.parse(dir.env), testKeys().publicKey);
await directoryDeps.migrate(directory);
const directoryApp = await buildDirectory(directory);
await directoryApp.listen({ port: 0, host: '127.0.0.1' });
const directoryUrl = `http://127.0.0.1:${(directoryApp.server.address() as AddressInfo).port}`;
const inq = serviceEnv('inquiry', { MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS, DIRECTORY_URL: directoryUrl });
const inquiry = inquiryDeps.createDeps(inquiryConfig.parse(inq.env), testKeys().publicKey);
await inquiryDeps.migrate(inquiry);
// A version-4-shaped uuid derived from a text, as the contracts' uuid check wants.
await sql`create function ${sql.id(inq.schema, 'bench_id')}(text) returns uuid language sql immutable
  as $$ select overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$`.execute(
  inquiry.database.db,
);
const app = await buildInquiry(inquiry);
await app.listen({ port: 0, host: '127.0.0.1' });
const inquiryUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const client = new Worker(new URL('./http-timer-worker.ts', import.meta.url), {
  execArgv: ['--import', 'tsx'],
});
const db = inquiry.database.db;
// The seed's statements write 100,000s of rows each: on the shared machine one can outlast the
// service's 60 s statement timeout, so they run on a connection of their own without one.
const seedDatabase = createDatabase<InquiryDB>({
  url: infra.pgUrl,
  schema: inq.schema,
  poolMax: 1,
  statementTimeoutMs: 0,
});
const seedDb = seedDatabase.db;

const VESSEL_FIRST = ['Nordic', 'Pacific', 'Atlantic', 'Golden', 'Silver', 'Ocean', 'Stena', 'Maersk'];
const VESSEL_SECOND = ['Star', 'Wind', 'Pearl', 'Spirit', 'Trader', 'Voyager', 'Horizon', 'Glory'];
/** Inquiry i's vessel: 3,200 vessels, each in about 31 of 100,000 inquiries (no name a prefix of another). */
const vesselOf = (i: number) =>
  `${VESSEL_FIRST[i % 8]} ${VESSEL_SECOND[Math.floor(i / 8) % 8]} ${100 + (i % 50)}`;
const GRADES = ['VLSFO', 'MGO', 'HSFO', 'ULSFO', 'LSMGO'];

/**
 * Inquiries number `from`..`to` of a company (0 is the newest: open, 200 offers; each next one 5
 * minutes older), with their lines, distribution, recipients, offers, revisions and offer lines.
 */
async function fill(tenantId: string, from: number, to: number): Promise<void> {
  const ids = (kind: string) => sql.raw(`bench_id('${tenantId}:' || ${kind})`);
  const inquiryId = ids(`i`);
  const range = sql`generate_series(${from}::int, ${to}::int) as i`;
  // Offers on inquiry i: 200 on the newest, else 1..6 (3.33 on average, drafts have none: 3 an inquiry).
  const offersOf = sql.raw(`case when i = 0 then ${BIG_OFFERS} else 1 + i % 5 + (i % 3 = 0)::int end`);
  const status = sql.raw(`case when i = 0 then 'quoting' when i % 20 = 0 then 'cancelled'
    when i % 10 in (1, 2) then 'quoting' when i % 10 = 3 then 'distributed' when i % 10 = 4 then 'draft'
    else 'awarded' end`);
  const createdAt = sql`${NOW}::timestamptz - i * interval '5 minutes'`;
  await sql`
    insert into inquiries (id, tenant_id, created_by, owner_id, owner_name, customer_id, customer_name,
      port_id, port_name, port_unlocode, port_country, port_timezone, vessel_name, imo, status, created_at, updated_at)
    select ${inquiryId}, ${tenantId}::uuid, o.id, o.id, 'Trader ' || (i % 7),
      bench_id('customer' || (i % 200)), 'Customer ' || (i % 200),
      bench_id('port' || (i / 10 % 40)), 'Port ' || (i / 10 % 40), 'SG' || lpad((i / 10 % 40)::text, 3, '0'), 'SG',
      'Asia/Singapore',
      (array[${sql.join(VESSEL_FIRST)}])[1 + i % 8] || ' ' || (array[${sql.join(VESSEL_SECOND)}])[1 + (i / 8) % 8]
        || ' ' || (100 + i % 50),
      (9000000 + (i % 3200))::text, ${status}, ${createdAt}, ${createdAt}
    from ${range} cross join lateral (select bench_id(${tenantId} || ':owner:' || (i % 7)) as id) o`.execute(
    seedDb,
  );
  await sql`
    insert into inquiry_products (id, tenant_id, inquiry_id, product_name, quantity_mt_min, quantity_mt_max, iso_spec, position)
    select ${ids(`i || ':p' || p`)}, ${tenantId}::uuid, ${inquiryId}, (array[${sql.join(GRADES)}])[1 + p],
      100, 500 + (i % 1000), 'ISO 8217:2017', p
    from ${range} cross join generate_series(0, 4) as p`.execute(seedDb);
  await sql`
    insert into distributions (id, tenant_id, inquiry_id, sent_by, sender_name, reply_by, created_at)
    select ${ids(`i || ':d'`)}, ${tenantId}::uuid, ${inquiryId}, bench_id(${tenantId} || ':owner:' || (i % 7)),
      'Trader ' || (i % 7), ${createdAt} + interval '2 days', ${createdAt} + interval '10 minutes'
    from ${range} where i % 10 <> 4 or i = 0`.execute(seedDb);
  // One recipient more than the offers: someone always stays silent.
  await sql`
    insert into inquiry_recipients (id, tenant_id, inquiry_id, distribution_id, supplier_id, supplier_name, email,
      reply_by, first_sent_at, last_sent_at, mail_status)
    select ${ids(`i || ':r' || k`)}, ${tenantId}::uuid, ${inquiryId}, ${ids(`i || ':d'`)},
      bench_id('supplier' || ((i * 7 + k) % 300)), 'Supplier ' || ((i * 7 + k) % 300),
      'sales' || ((i * 7 + k) % 300) || '@supplier.example', ${createdAt} + interval '2 days',
      ${createdAt} + interval '10 minutes', ${createdAt} + interval '10 minutes', 'delivered'
    from ${range} cross join lateral generate_series(1, ${offersOf} + 1) as k
    where i % 10 <> 4 or i = 0`.execute(seedDb);
  await sql`
    insert into offers (id, tenant_id, inquiry_id, supplier_id, supplier_name, supplier_email, recipient_id, status,
      submitted_at, created_at, updated_at, awarded_at, revision, payment_method, payment_days, payment_basis, valid_until)
    select ${ids(`i || ':o' || k`)}, ${tenantId}::uuid, ${inquiryId},
      bench_id('supplier' || ((i * 7 + k) % 300)), 'Supplier ' || ((i * 7 + k) % 300),
      'sales' || ((i * 7 + k) % 300) || '@supplier.example', ${ids(`i || ':r' || k`)},
      case when i = 0 then 'submitted' when ${status} = 'awarded' and k = 1 then 'awarded'
        when ${status} in ('awarded', 'cancelled') then 'not_awarded' else 'submitted' end,
      ${createdAt} + k * interval '1 minute', ${createdAt} + k * interval '1 minute', ${createdAt} + k * interval '1 minute',
      case when ${status} = 'awarded' and k = 1 and i <> 0 then ${createdAt} + interval '1 day' end, 1,
      'credit', 30, 'delivery', ${createdAt} + interval '3 days'
    from ${range} cross join lateral generate_series(1, ${offersOf}) as k
    where i % 10 <> 4 or i = 0`.execute(seedDb);
  await sql`
    insert into offer_revisions (offer_id, revision, tenant_id, source, submitted_at, content)
    select o.id, 1, o.tenant_id, 'link', o.submitted_at, '{}'::jsonb
    from offers o where o.tenant_id = ${tenantId}::uuid and o.inquiry_id in (select ${inquiryId} from ${range})`.execute(
    seedDb,
  );
  // Two priced lines per offer; the 200 offers on inquiry 0 price all five.
  await sql`
    insert into offer_lines (offer_id, product_line_id, tenant_id, pricing, price_per_mt, min_deliverable,
      max_deliverable, delivery_method)
    select ${ids(`i || ':o' || k`)}, ${ids(`i || ':p' || p`)}, ${tenantId}::uuid, 'fixed',
      550 + ((i * 31 + k * 17 + p * 7) % 1000) / 10.0, 100, 2000, 'barge'
    from ${range} cross join lateral generate_series(1, ${offersOf}) as k
      cross join lateral generate_series(0, case when i = 0 then 4 else 1 end) as p
    where i % 10 <> 4 or i = 0`.execute(seedDb);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const company = makeUser();
const other = makeUser();
const bigInquiry = (
  await sql<{ id: string }>`select bench_id(${`${company.tenantId}:`} || 0) as id`.execute(db)
).rows[0]!.id;
/**
 * `context`: timed for the record, no target. The supplier scorecards are a report over the
 * company's quarter that the Offers tab loads beside the comparison (shown without it while it
 * loads); they are timed over fewer runs.
 */
const CALLS: { name: string; url: string; check: (body: unknown) => boolean; context?: boolean }[] = [
  {
    name: 'inquiry list, first page',
    url: '/api/inquiries',
    check: (b) => Array.isArray(b) && b.length === 50,
  },
  {
    name: `search by vessel name ("${vesselOf(1)}")`,
    url: `/api/inquiries?q=${encodeURIComponent(vesselOf(1))}`,
    check: (b) => Array.isArray(b) && b.length > 0,
  },
  { name: 'dashboard', url: '/api/dashboard', check: (b) => typeof b === 'object' && b !== null },
  {
    name: 'Offers tab: offers (200)',
    url: `/api/inquiries/${bigInquiry}/offers`,
    check: (b) => Array.isArray(b) && b.length === BIG_OFFERS,
  },
  {
    name: 'Offers tab: last done',
    url: `/api/inquiries/${bigInquiry}/last-done`,
    check: (b) => typeof b === 'object' && b !== null,
  },
  {
    name: 'Offers tab: supplier scorecards',
    url: '/api/insights/suppliers',
    check: (b) => typeof b === 'object' && b !== null,
    context: true,
  },
  {
    name: 'Offers tab: index values',
    url: `/api/inquiries/${bigInquiry}/index-values`,
    check: (b) => Array.isArray(b),
  },
];

/** The client thread's times of `runs` calls after `warmup` untimed ones; the answers checked. */
async function time(url: string, check: (body: unknown) => boolean, runs: number, warmup: number) {
  const request: TimingRequest = { url: inquiryUrl + url, headers: bearer(company), runs, warmup };
  // once() rejects if the thread fails before it answers, and leaves no listener behind.
  const answered = once(client, 'message') as Promise<[TimingAnswer]>;
  client.postMessage(request);
  const [answer] = await answered;
  if (!answer.ok) throw new Error(answer.error);
  for (const body of [answer.first, answer.last])
    if (!check(JSON.parse(body))) throw new Error(`GET ${url}: ${body.slice(0, 300)}`);
  const times = answer.times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * The seed's pages written out before the timing: a year's inquiries were not all written in the
 * last minutes, but right after 100,000 of them PostgreSQL's checkpoint writes back gigabytes
 * while the calls are timed (the 200 offers' p50 went from 12 ms at 10,000 to 18 at 100,000).
 * CHECKPOINT needs a superuser or pg_checkpoint; without either the timing starts as before.
 */
async function settleWrites(): Promise<void> {
  await sql`checkpoint`.execute(seedDatabase.db).catch((err: Error) => {
    console.log(`  (no checkpoint before the timing: ${err.message})`);
  });
}

const rows: Parameters<typeof saveResults>[1] = [];
try {
  let seeded = 0;
  for (const size of SIZES) {
    const start = performance.now();
    for (const tenant of [company.tenantId, other.tenantId]) await fill(tenant, seeded, size - 1);
    seeded = size;
    // As autovacuum leaves them: statistics, and the visibility map the index-only scans use.
    for (const table of [
      'inquiries',
      'inquiry_products',
      'distributions',
      'inquiry_recipients',
      'offers',
      'offer_revisions',
      'offer_lines',
      'awarded_lines',
    ])
      await sql`vacuum analyze ${sql.id(inq.schema, table)}`.execute(db);
    const backfill = performance.now();
    const kept = await backfillAwardSavings(db);
    await sql`vacuum analyze ${sql.id(inq.schema, 'award_savings')}`.execute(db);
    await settleWrites();
    const backfilled = `${kept.toLocaleString()} awards' savings backfilled in ${((performance.now() - backfill) / 1000).toFixed(1)} s`;
    const counts = await sql<{ offers: number; lines: number }>`
      select (select count(*)::int from offers where tenant_id = ${company.tenantId}) as offers,
        (select count(*)::int from inquiry_products where tenant_id = ${company.tenantId}) as lines`.execute(
      db,
    );
    console.log(
      `${size.toLocaleString()} inquiries (${counts.rows[0]!.lines.toLocaleString()} fuel lines, ${counts.rows[0]!.offers.toLocaleString()} offers) per company, seeded in ${((backfill - start) / 1000).toFixed(1)} s; ${backfilled}`,
    );
    for (const call of CALLS.filter((c) => !ONLY || ONLY.some((word) => c.name.includes(word)))) {
      const { p50, p95 } = call.context
        ? await time(call.url, call.check, CONTEXT_RUNS, 0)
        : await time(call.url, call.check, RUNS, WARMUP);
      console.log(`  ${call.name}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
      const last = size === SIZES[SIZES.length - 1] && !call.context;
      rows.push({
        metric: `${call.name} at ${size.toLocaleString()} inquiries, ${call.context ? `slowest of ${CONTEXT_RUNS}` : 'p95'} (ms)`,
        value: Number(p95.toFixed(2)),
        target: last ? `<= ${TARGET_MS}` : null,
        pass: last ? p95 <= TARGET_MS : null,
      });
    }
  }
  if (!ONLY) saveResults('lists-at-volume', rows);
} finally {
  await client.terminate();
  await app.close();
  await inquiryDeps.closeDeps(inquiry);
  await seedDatabase.close();
  await directoryApp.close();
  await directoryDeps.closeDeps(directory);
  // BENCH_KEEP=1 leaves the seeded schema for EXPLAIN (drop it by hand afterwards).
  if (process.env.BENCH_KEEP) console.log(`kept schema ${inq.schema}`);
  else await dropSchemas(infra.pgUrl, [dir.schema, inq.schema]);
}
