import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { createQueueConnection } from '@mfd/queue';
import {
  bearer,
  deleteRedisKeys,
  dropSchemas,
  makeUser,
  TEST_MAIL_SECRET_KEYS,
  testKeys,
} from '@mfd/testing';
import { buildApp as buildDirectory } from '../services/directory/src/app';
import { directoryConfig } from '../services/directory/src/config';
import * as directoryDeps from '../services/directory/src/deps';
import { startInquiryEvents } from '../services/directory/src/jobs/inquiry-events';
import { buildApp as buildInquiry } from '../services/inquiry/src/app';
import { inquiryConfig } from '../services/inquiry/src/config';
import * as inquiryDeps from '../services/inquiry/src/deps';
import { saveResults } from './results';

/**
 * Events keep up (issue 27): 16 connections create inquiries for 15 s through the inquiry service's
 * POST /api/inquiries (4 customers in turn, each inquiry naming a vessel), and each creation's
 * events go the production way: the inquiry's outbox, its relay, BullMQ, the directory's consumer,
 * the customer's inquiry_count. Timed: from the last answered write until the customers' counts
 * add up to the inquiries the inquiry service holds; then, 2 s later, that they still do (none
 * counted twice). `npm run bench` (PG_URL, REDIS_URL or the local defaults; BENCH_SECONDS).
 */
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CUSTOMERS = 4;
const TARGET_SECONDS = 5;
const GIVE_UP_SECONDS = 180;
const infra = {
  pgUrl: process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

const tag = randomBytes(4).toString('hex');
const redisPrefix = `bench:${tag}`;
/** A service's environment on a schema of its own; both share the bench's Redis prefix. */
const serviceEnv = (service: string, extra: Record<string, string> = {}) => ({
  schema: `bench_${tag}_${service}`,
  env: {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    PG_URL: infra.pgUrl,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: redisPrefix,
    DB_SCHEMA: `bench_${tag}_${service}`,
    ...extra,
  },
});
const dir = serviceEnv('directory');
const directory = directoryDeps.createDeps(directoryConfig.parse(dir.env), testKeys().publicKey);
await directoryDeps.migrate(directory);
const directoryApp = await buildDirectory(directory);
const directoryUrl = await listen(directoryApp);
const inq = serviceEnv('inquiry', { MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS, DIRECTORY_URL: directoryUrl });
const inquiry = inquiryDeps.createDeps(inquiryConfig.parse(inq.env), testKeys().publicKey);
await inquiryDeps.migrate(inquiry);
const inquiryApp = await buildInquiry(inquiry);
const inquiryUrl = await listen(inquiryApp);
const consumerConnection = createQueueConnection(infra.redisUrl);
const consumer = startInquiryEvents({
  db: directory.database.db,
  connection: consumerConnection,
  redisPrefix: redisPrefix,
  logger: pino({ level: 'silent' }),
});
inquiry.relay.start();

async function post(url: string, headers: Record<string, string>, body: object): Promise<{ id: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

try {
  const user = makeUser({ role: 'admin' });
  const customers: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++)
    customers.push(
      (
        await post(`${directoryUrl}/api/customers/detailed`, bearer(user), {
          legal_entity_name: `Burst Tankers ${i} A/S`,
          address: 'Amaliegade 10, Copenhagen',
          city: 'Copenhagen',
          country: 'DK',
          general_email: `ops${i}@burst-tankers.example`,
          main_phone: '+45 33 44 55 66',
          contact_name: 'Mette Hansen',
          contact_phone: '+45 33 44 55 67',
          contact_email: `mette${i}@burst-tankers.example`,
          selling_terms: 'GT&C',
          main_ship_type: 'Tanker',
        })
      ).id,
    );
  const port = await fetch(`${directoryUrl}/api/ports/SGSIN/lookup`, { headers: bearer(user) });
  const portId = ((await port.json()) as { port: { id: string } }).port.id;
  const body = (customerId: string) =>
    JSON.stringify({
      customer_company_id: customerId,
      port_id: portId,
      vessel_name: 'MSC OSCAR',
      imo: '9703291',
      eta: '2030-12-10T08:00:00+08:00',
      etd: '2030-12-11T06:00:00+08:00',
      products: [{ product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 600 }],
    });

  const created = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from inquiries`.execute(inquiry.database.db)).rows[0]!
      .n;
  const counted = async () =>
    (
      await sql<{
        n: number;
      }>`select coalesce(sum(inquiry_count), 0)::int as n from companies where tenant_id = ${user.tenantId}`.execute(
        directory.database.db,
      )
    ).rows[0]!.n;

  let turn = 0;
  const burst = await new Promise<autocannon.Result>((done, fail) => {
    autocannon(
      {
        url: `${inquiryUrl}/api/inquiries`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            headers: { ...bearer(user), 'content-type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: body(customers[turn++ % CUSTOMERS]!) }),
          },
        ],
      },
      (err, result) => (err ? fail(err) : done(result)),
    );
  });
  // Requests autocannon left in flight at its end still commit: the last write is the last change.
  let lastWrite = performance.now();
  let total = await created();
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await created();
    if (now === total) break;
    total = now;
    lastWrite = performance.now();
  }
  let reflected = await counted();
  while (reflected < total && performance.now() - lastWrite < GIVE_UP_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 50));
    reflected = await counted();
  }
  const seconds = (performance.now() - lastWrite) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const settled = await counted();
  if ((await created()) !== total) throw new Error('an inquiry was created after the burst');

  console.log(
    `${total} inquiries created (${burst['2xx']} answered 201, ${burst.non2xx} other, ${burst.errors} errors) in ${SECONDS} s at ${CONNECTIONS} connections`,
  );
  console.log(
    `counted ${reflected} of them ${seconds.toFixed(2)} s after the last write; 2 s later ${settled}`,
  );
  saveResults('inquiry-burst', [
    {
      metric: `inquiries created in ${SECONDS} s at ${CONNECTIONS} connections`,
      value: total,
      target: null,
      pass: null,
    },
    {
      metric: 'inquiry_count reflects every inquiry, after the last write (s)',
      value:
        reflected === total
          ? Number(seconds.toFixed(2))
          : `${reflected} of ${total} after ${GIVE_UP_SECONDS} s`,
      target: `<= ${TARGET_SECONDS}`,
      pass: reflected === total && seconds <= TARGET_SECONDS,
    },
    {
      metric: 'inquiries counted 2 s later / created (none lost or doubled)',
      value: `${settled} / ${total}`,
      target: 'equal',
      pass: settled === total,
    },
  ]);
} finally {
  await inquiryApp.close();
  await inquiryDeps.closeDeps(inquiry);
  await consumer.close();
  consumerConnection.disconnect();
  await directoryApp.close();
  await directoryDeps.closeDeps(directory);
  await dropSchemas(infra.pgUrl, [dir.schema, inq.schema]);
  await deleteRedisKeys(infra.redisUrl, redisPrefix);
}
