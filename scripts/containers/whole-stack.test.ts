import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@mfd/testing';
import { ComposeProject, dockerApi, serviceContainers, type ServiceContainer } from './compose';

/**
 * docker-compose.yml as shipped, on the machine's engine (Docker, or podman through
 * scripts/container-runtime.sh), with three mailers: `up --scale mailer=3`, as the README says.
 * 300 users sign up and ask for a password reset through the gateway; the mail goes identity's
 * outbox -> BullMQ -> a mailer -> the mail catcher, which records the sending container's address,
 * so the test sees which mailer sent what. One mailer is SIGKILLed mid-run.
 * Images: MFD_IMAGE (built before, see scripts/test-containers.sh), POSTGRES_IMAGE, REDIS_IMAGE,
 * NODE_IMAGE and MAIL_CATCHER_IMAGE (the project's catcher: its JSON tells the client address).
 */
const USERS = 300;
const MAILERS = 3;
const RESET_SUBJECT = 'Reset your Marine Fuel Distribution password';
const PASSWORD = 'Harbour-Bunker-7719-Delivery';

interface CaughtMail {
  to: string[];
  subject: string;
  message_id: string | null;
  client_address: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `task` over `items` with at most `width` at once. */
async function pooled<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(500);
  }
}

describe('the compose stack with the mailer scaled to 3', () => {
  const name = `mfdstack${randomBytes(4).toString('hex')}`;
  let project: ComposeProject;
  let appUrl: string;
  let inboxUrl: string;
  let db: pg.Pool;
  const timings: string[] = [];

  beforeAll(async () => {
    const [gatewayPort, inboxPort, pgPort] = await Promise.all([freePort(), freePort(), freePort()]);
    appUrl = `http://127.0.0.1:${gatewayPort}`;
    inboxUrl = `http://127.0.0.1:${inboxPort}`;
    project = new ComposeProject(name, {
      GATEWAY_PORT: String(gatewayPort),
      MAIL_INBOX_PORT: String(inboxPort),
    });
    // The test's own changes: one address signs up 300 users (the per-address limits are for
    // people), and PostgreSQL is published so the test can read the records.
    const cli = await project.init(`
services:
  gateway:
    environment:
      SIGNUP_PER_IP: '1000'
      RESET_REQUESTS_PER_IP: '1000'
  postgres:
    ports:
      - '127.0.0.1:${pgPort}:5432'
`);
    const started = Date.now();
    await project.compose('up', '-d', '--no-build', '--scale', `mailer=${MAILERS}`);
    await until(
      'the gateway to find Redis and every service ready',
      async () => (await fetch(`${appUrl}/health`, { signal: AbortSignal.timeout(3000) })).ok,
      240_000,
    );
    timings.push(`stack up in ${((Date.now() - started) / 1000).toFixed(1)} s (${cli})`);
    db = new pg.Pool({ connectionString: `postgres://mfd:mfd@127.0.0.1:${pgPort}/mfd`, max: 2 });
  }, 300_000);

  afterAll(async () => {
    await db?.end();
    if (project) {
      if (process.env.KEEP_STACK !== '1')
        await project.compose('down', '-v', '--timeout', '5').catch(console.error);
      project.cleanup();
    }
    console.warn(`whole-stack: ${timings.join('; ')}`);
  }, 120_000);

  async function caught(): Promise<CaughtMail[]> {
    const res = await fetch(`${inboxUrl}/api/messages`);
    return (await res.json()) as CaughtMail[];
  }

  it(
    'when 300 users ask for a password reset and one of the 3 mailers is killed mid-run, then each gets exactly one reset mail, and every mailer sent some',
    { timeout: 600_000 },
    async () => {
      const mailers = await serviceContainers(name, 'mailer');
      expect(mailers).toHaveLength(MAILERS);
      const users = Array.from({ length: USERS }, (_, i) => `user-${i}-${name}@example.com`);

      let t = Date.now();
      await pooled(users, 8, async (email) => {
        const res = await fetch(`${appUrl}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ first_name: 'Maria', last_name: 'Stack', email, password: PASSWORD }),
        });
        expect(res.status, `sign-up of ${email}: ${await res.clone().text()}`).toBe(201);
      });
      timings.push(`${USERS} sign-ups in ${((Date.now() - t) / 1000).toFixed(1)} s`);

      t = Date.now();
      let resetsAsked = 0;
      const asking = pooled(users, 20, async (email) => {
        const res = await fetch(`${appUrl}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        });
        expect(res.status, `reset of ${email}`).toBe(200);
        resetsAsked++;
      });

      // Mid-run: every mailer has sent reset mails, a fifth of them have arrived. Then one dies.
      const resets = (mails: CaughtMail[]) => mails.filter((m) => m.subject === RESET_SUBJECT);
      let before: CaughtMail[] = [];
      await until(
        'reset mails from each of the 3 mailers',
        async () => {
          before = resets(await caught());
          return (
            before.length >= USERS / 5 &&
            mailers.every((m) => before.some((mail) => mail.client_address === m.address))
          );
        },
        180_000,
      );
      const victim: ServiceContainer = mailers[0]!;
      await dockerApi('POST', `/containers/${victim.id}/kill?signal=SIGKILL`);
      timings.push(`mailer killed after ${before.length} of ${USERS} reset mails (${resetsAsked} asked)`);
      await asking;

      let after: CaughtMail[] = [];
      await until(
        'a reset mail for every user, and identity has every mail confirmed',
        async () => {
          after = resets(await caught());
          const arrived = new Set(after.flatMap((m) => m.to));
          if (!users.every((u) => arrived.has(u))) return false;
          const { rows } = await db.query(
            `select count(*)::int as n from identity.outbox where confirmed_at is null`,
          );
          return rows[0].n === 0;
        },
        300_000,
      );
      timings.push(
        `all ${USERS} reset mails in ${((Date.now() - t) / 1000).toFixed(1)} s from the first request`,
      );

      const byMailer = new Map(mailers.map((m) => [m.address, 0]));
      for (const mail of before)
        byMailer.set(mail.client_address, (byMailer.get(mail.client_address) ?? 0) + 1);
      const total = new Map<string, number>();
      for (const mail of after) total.set(mail.client_address, (total.get(mail.client_address) ?? 0) + 1);
      timings.push(
        `reset mails per mailer before the kill: ${[...byMailer.values()].join(', ')}; ` +
          `in all, per sending address: ${[...total.values()].join(', ')}`,
      );
      for (const m of mailers)
        expect(byMailer.get(m.address), `mailer ${m.id.slice(0, 12)}`).toBeGreaterThan(0);

      // One reset per user was asked, so one reset mail each: every copy bears the one Message-ID
      // of its job (a copy resent after the kill is the same mail to the receiver).
      const { rows: records } = await db.query<{
        recipient: string;
        status: string;
        job_id: string;
        maybe_delivered: boolean;
      }>(
        `select recipient, status, job_id, maybe_delivered from mailer.messages where template = 'password-reset'`,
      );
      expect(records).toHaveLength(USERS);
      const recordOf = new Map(records.map((r) => [r.recipient, r]));
      let copies = 0;
      for (const user of users) {
        const mails = after.filter((m) => m.to.includes(user));
        const record = recordOf.get(user);
        expect(record?.status, user).toBe('sent');
        expect(new Set(mails.map((m) => m.message_id)), user).toEqual(
          new Set([`<${record!.job_id}@marinefuel.local>`]),
        );
        if (mails.length > 1) {
          // Sent by the killed mailer, which died before recording it: the record says it may have been.
          copies += mails.length - 1;
          expect(record!.maybe_delivered, user).toBe(true);
        }
      }
      timings.push(`copies of the same mail after the kill: ${copies}`);
    },
  );
});
