import type { ChildProcess } from 'node:child_process';
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@mfd/db';
import {
  dropSchemas,
  freePort,
  SmtpSink,
  TEST_MAIL_SECRET_KEYS,
  testInfra,
  uniqueRedisPrefix,
  uniqueSchema,
} from '@mfd/testing';
import type { MailerDB } from '../src/data/db';
import { MailRefs } from '../src/domain/mail-refs';
import { MAX_INBOUND_BYTES } from '../src/inbound-smtp';
import { BOUNCE_DOMAIN, deliver, REPLY_DOMAIN } from './inbound-fixtures';
import { killProcess, startMailerProcess } from './mailer-process';
import { SmtpDialog } from './smtp-dialog';

/** Resolves once something listens on the port (the mailer listens after migrating). */
async function listening(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`nothing listens on ${port}`);
}

const REPLY_HEADERS = (to: string, messageId: string) =>
  [
    'From: Anna Berg <anna@supplier.example>',
    `To: ${to}`,
    'Subject: Re: RFQ',
    `Message-ID: ${messageId}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    '',
  ].join('\r\n');

describe('the inbound listener answers 250 only once the mail is stored', () => {
  const schema = uniqueSchema('mailer');
  const db = createDatabase<MailerDB>({ url: testInfra().pgUrl, schema });
  const key = randomBytes(32);
  const refs = new MailRefs([createSecretKey(key)]);
  const children: ChildProcess[] = [];
  let sink: SmtpSink;
  let env: Record<string, string>;
  let port: number;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    port = await freePort();
    env = {
      PG_URL: testInfra().pgUrl,
      REDIS_URL: testInfra().redisUrl,
      REDIS_PREFIX: uniqueRedisPrefix(),
      DB_SCHEMA: schema,
      SMTP_URL: sink.url,
      MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS,
      MAIL_REF_KEYS: `t1:${key.toString('base64')}`,
      INBOUND_SMTP_PORT: String(port),
      BOUNCE_DOMAIN,
      REPLY_DOMAIN,
    };
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => killProcess(c, 'SIGKILL')));
    await db.close();
    await sink.stop();
    await dropSchemas(testInfra().pgUrl, [schema]);
  });

  async function startListener(): Promise<ChildProcess> {
    const child = startMailerProcess(env);
    children.push(child);
    await listening(port);
    return child;
  }

  /** A supplier mail as the mailer records one after sending it, with the recipient its replies belong to. */
  async function sentMessage(): Promise<string> {
    const id = randomUUID();
    await db.db
      .insertInto('messages')
      .values({
        id,
        job_id: randomUUID(),
        source: 'inquiry',
        template: 'rfq-invitation',
        recipient: 'anna@supplier.example',
        reference: randomUUID(),
        tenant_id: randomUUID(),
        status: 'sent',
        reply_tenant_id: randomUUID(),
        reply_inquiry_id: randomUUID(),
        reply_recipient_id: randomUUID(),
      })
      .execute();
    return id;
  }

  const repliesTo = (messageId: string) =>
    db.db.selectFrom('replies').select(['id', 'text']).where('message_id', '=', messageId).execute();

  it(
    'when the mailer is killed in the middle of a reply, then the sender gets no 250 and nothing is stored; delivered again, the reply is stored once',
    { timeout: 120_000 },
    async () => {
      const first = await startListener();
      const messageId = await sentMessage();
      const to = refs.address('reply', messageId, REPLY_DOMAIN);
      const header = `<${randomUUID()}@supplier.example>`;

      const dialog = await SmtpDialog.open(port);
      expect(await dialog.command('EHLO mx.supplier.example')).toMatch(/^250/);
      expect(await dialog.command('MAIL FROM:<anna@supplier.example>')).toMatch(/^250/);
      expect(await dialog.command(`RCPT TO:<${to}>`)).toMatch(/^250/);
      expect(await dialog.command('DATA')).toMatch(/^354/);
      await dialog.write(`${REPLY_HEADERS(to, header)}Can do 598 for VLSFO, `);
      await killProcess(first, 'SIGKILL');
      await dialog.whenClosed();
      // The last thing the server said was "go ahead": the sender never heard the mail was taken.
      expect(dialog.replies.at(-1)).toMatch(/^354/);
      expect(await repliesTo(messageId)).toEqual([]);

      await startListener();
      // The sending server tries again later with the whole message.
      await deliver(port, {
        envelope: { from: 'anna@supplier.example', to: [to] },
        raw: `${REPLY_HEADERS(to, header)}Can do 598 for VLSFO, MGO not available.\r\n`,
      });
      const stored = await repliesTo(messageId);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.text.trim()).toBe('Can do 598 for VLSFO, MGO not available.');
    },
  );

  it(
    'when a sender streams more than 10 MB without declaring a size, then the listener answers 552 at its end and stores nothing',
    { timeout: 120_000 },
    async () => {
      if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) await startListener();
      const messageId = await sentMessage();
      const to = refs.address('reply', messageId, REPLY_DOMAIN);
      const dialog = await SmtpDialog.open(port);
      await dialog.command('EHLO mx.supplier.example');
      await dialog.command('MAIL FROM:<anna@supplier.example>');
      await dialog.command(`RCPT TO:<${to}>`);
      expect(await dialog.command('DATA')).toMatch(/^354/);
      await dialog.write(REPLY_HEADERS(to, `<${randomUUID()}@supplier.example>`));
      const line = `${'x'.repeat(998)}\r\n`;
      const chunk = line.repeat(1024);
      for (let sent = 0; sent <= MAX_INBOUND_BYTES; sent += chunk.length) await dialog.write(chunk);
      expect(await dialog.command('.')).toMatch(/^552 /);
      dialog.close();
      expect(await repliesTo(messageId)).toEqual([]);
    },
  );
});
