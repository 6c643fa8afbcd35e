import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsResolver } from '../src/domain/spf-check';
import { MAX_INBOUND_BYTES } from '../src/inbound-smtp';
import { startMailer, type MailerHarness } from './harness';
import {
  BOUNCE_DOMAIN,
  deliver,
  INBOUND_ENV,
  inquiryEvents,
  refusalCode,
  REPLY_DOMAIN,
  sendSupplierMail,
} from './inbound-fixtures';

/** DNS as the world would answer: supplier.example lets only 192.0.2.10 send for it. */
const spfDns: DnsResolver = async (name, type) => {
  if (name === 'spf-strict.example' && type === 'TXT') return [['v=spf1 ip4:192.0.2.10 -all']];
  throw Object.assign(new Error(`${name} ${type}`), { code: 'ENOTFOUND' });
};

const storedReplies = (m: MailerHarness, messageId: string) =>
  m.deps.database.db.selectFrom('replies').select('id').where('message_id', '=', messageId).execute();

describe('the inbound listener refuses or keeps apart what is not an answer to our mail', () => {
  let m: MailerHarness;
  let port: number;
  let sent: Awaited<ReturnType<typeof sendSupplierMail>>;
  beforeAll(async () => {
    m = await startMailer(INBOUND_ENV, pino({ level: 'silent' }), { spfResolver: spfDns });
    port = m.inbound!.port;
    sent = await sendSupplierMail(m);
  });
  afterAll(() => m.close());

  const reply = (to: string) => ({
    from: 'anna@supplier.example',
    to,
    subject: 'Re: RFQ',
    text: 'Can do 598.',
  });

  it('when mail comes for a domain that is not ours, then it is refused at RCPT with 550', async () => {
    expect(await refusalCode(port, reply('sales@elsewhere.example'))).toBe(550);
    expect(
      await refusalCode(port, reply(sent.replyAddress.replace(REPLY_DOMAIN, 'replies.other.example'))),
    ).toBe(550);
  });

  it('when the ref in the address was changed or is missing, then it is refused with 550 and nothing is stored', async () => {
    const [local, domain] = sent.replyAddress.split('@') as [string, string];
    const forged = `${local.slice(0, -1)}${local.endsWith('a') ? 'b' : 'a'}@${domain}`;
    expect(await refusalCode(port, reply(forged))).toBe(550);
    expect(await refusalCode(port, reply(`postmaster@${REPLY_DOMAIN}`))).toBe(550);
    expect(await refusalCode(port, reply(`r-@${REPLY_DOMAIN}`))).toBe(550);
    // A bounce address's ref is signed for bounces only.
    expect(
      await refusalCode(port, reply(`r-${sent.bounceAddress.slice(2).split('@')[0]}@${REPLY_DOMAIN}`)),
    ).toBe(550);
    expect(await storedReplies(m, sent.row.id)).toEqual([]);
  });

  it('when a valid ref names no message of ours, or a reply address a mail that takes no replies, then it is refused with 550', async () => {
    const unknown = m.deps.refs!.address('bounce', randomUUID(), BOUNCE_DOMAIN);
    expect(
      await refusalCode(port, { envelope: { from: '', to: [unknown] }, raw: 'Subject: x\r\n\r\nx' }),
    ).toBe(550);
    const { jobId } = await m.send();
    const row = await m.settled(jobId);
    expect(await refusalCode(port, reply(m.deps.refs!.address('reply', row.id, REPLY_DOMAIN)))).toBe(550);
  });

  it('when a message is larger than 10 MB, then it is refused with 552 and nothing is stored', async () => {
    const text = `${'Can do 598 for VLSFO. '.repeat(Math.ceil(MAX_INBOUND_BYTES / 22))}`;
    expect(await refusalCode(port, { ...reply(sent.replyAddress), text })).toBe(552);
    expect(await storedReplies(m, sent.row.id)).toEqual([]);
  });

  it('when an attachment is larger than 10 MB, then the reply is refused with 552 and nothing is stored', async () => {
    const attachments = [{ filename: 'big.pdf', content: Buffer.alloc(MAX_INBOUND_BYTES + 1, 1) }];
    expect(await refusalCode(port, { ...reply(sent.replyAddress), attachments })).toBe(552);
    expect(await storedReplies(m, sent.row.id)).toEqual([]);
  });

  it('when a mail names more than 50 recipients, then it is kept apart, not stored as a reply and not handed on', async () => {
    const others = Array.from({ length: 60 }, (_, i) => `buyer-${i}@somewhere.example`);
    await deliver(port, {
      envelope: { from: 'offers@bulk.example', to: [sent.replyAddress] },
      from: 'offers@bulk.example',
      to: [sent.replyAddress, ...others],
      subject: 'Cheap fuel for everyone',
      text: 'Best price.',
    });
    const kept = await m.deps.database.db
      .selectFrom('quarantined_mails')
      .selectAll()
      .where('envelope_from', '=', 'offers@bulk.example')
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      reason: '61 recipients (more than 50)',
      recipients: [sent.replyAddress],
    });
    expect(kept[0]!.raw.toString()).toContain('Cheap fuel for everyone');
    expect(await storedReplies(m, sent.row.id)).toEqual([]);
    expect(
      (await inquiryEvents(m)).some((e) => e.type === 'mailer.reply-received' && e.job_id === sent.jobId),
    ).toBe(false);
  });

  it("when SPF fails for the sender's domain, then the mail is kept apart and never handed on", async () => {
    await deliver(port, {
      envelope: { from: 'sales@spf-strict.example', to: [sent.replyAddress] },
      from: 'sales@spf-strict.example',
      to: sent.replyAddress,
      subject: 'Re: RFQ',
      text: 'Pay to this new bank account.',
    });
    const kept = await m.deps.database.db
      .selectFrom('quarantined_mails')
      .select('reason')
      .where('envelope_from', '=', 'sales@spf-strict.example')
      .execute();
    expect(kept).toEqual([{ reason: 'SPF fail for the sender domain' }]);
    expect(await storedReplies(m, sent.row.id)).toEqual([]);
  });
});
