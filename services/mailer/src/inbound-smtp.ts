import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Logger } from '@mfd/queue';
import { findAnsweredMessage } from './data/inbound.repository';
import type { MailerDeps } from './deps';
import { InboundRefusal, takeInboundMail, type InboundContext } from './domain/inbound-mail';
import type { RefDomains } from './domain/mail-refs';

/** The largest message taken (SIZE, and counted while it streams): a reply with its attachments. */
export const MAX_INBOUND_BYTES = 10 * 1024 * 1024;
/** Recipients one transaction may name; past 50 the mail is kept apart, past this the server says 452. */
const MAX_RCPT = 100;

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

export interface InboundListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The inbound SMTP listener (the MX of BOUNCE_DOMAIN and REPLY_DOMAIN). At RCPT it takes only our
 * domains' addresses whose signed ref names a message we sent (a reply address, one with a reply
 * route); anything else is 550. The 250 after DATA comes only once the mail is stored in the
 * mailer's schema, so a listener that dies mid-message loses nothing: the sender got no answer and
 * delivers again. Stateless: any number of replicas may listen behind one MX.
 */
export async function startInboundSmtp(
  deps: Pick<MailerDeps, 'config' | 'database' | 'refs' | 'spfResolver' | 'relay' | 'metrics'>,
  logger: Logger,
): Promise<InboundListener> {
  const { config, refs } = deps;
  const port = config.INBOUND_SMTP_PORT;
  if (!refs || port === undefined)
    throw new Error('the inbound listener needs INBOUND_SMTP_PORT and a domain');
  const domains: RefDomains = { bounce: config.BOUNCE_DOMAIN, reply: config.REPLY_DOMAIN };
  const name = config.INBOUND_SMTP_HOSTNAME ?? hostname();
  const ctx: InboundContext = {
    db: deps.database.db,
    refs,
    domains,
    resolver: deps.spfResolver,
    spfTimeoutMs: config.INBOUND_SPF_TIMEOUT_MS,
    hostname: name,
    outboxWritten: () => deps.relay.kick(),
    logger,
  };

  async function acceptRecipient(address: string): Promise<void> {
    const target = refs!.target(address, domains);
    if (!target.ok) throw smtpError(550, `5.1.1 <${address}>: ${target.reason}`);
    const message = await findAnsweredMessage(deps.database.db, target.messageId).catch(() => {
      throw smtpError(451, '4.3.0 Try again later');
    });
    if (!message || (target.purpose === 'reply' && !message.reply_recipient_id))
      throw smtpError(550, `5.1.1 <${address}>: no such mailbox`);
  }

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<string> {
    const mailFrom = session.envelope.mailFrom;
    const outcome = await takeInboundMail(ctx, {
      raw,
      envelopeFrom: mailFrom ? mailFrom.address || null : null,
      recipients: session.envelope.rcptTo.map((r) => r.address),
      remoteAddress: session.remoteAddress.replace(/^::ffff:/, ''),
      helo: session.hostNameAppearsAs || null,
    });
    deps.metrics.inbound.inc({ outcome: outcome.kind });
    return outcome.kind === 'quarantined' ? 'Message kept' : 'Message stored';
  }

  const server = new SMTPServer({
    name,
    banner: 'bounces and replies only',
    size: MAX_INBOUND_BYTES,
    maxRecipients: MAX_RCPT,
    maxClients: config.INBOUND_SMTP_MAX_CLIENTS,
    // Nobody signs in: the listener is a mail exchanger, not a relay. No certificate is set up, so no STARTTLS.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      acceptRecipient(address.address).then(
        () => callback(),
        (err: Error) => callback(err),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        // Past the limit nothing more is kept; the rest is read only to answer 552 at its end.
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          deps.metrics.inbound.inc({ outcome: 'refused' });
          callback(smtpError(552, `5.3.4 Message larger than ${MAX_INBOUND_BYTES} bytes`));
          return;
        }
        receive(Buffer.concat(chunks), session).then(
          (answer) => callback(null, answer),
          (err: unknown) => {
            if (err instanceof InboundRefusal) {
              deps.metrics.inbound.inc({ outcome: 'refused' });
              callback(smtpError(err.responseCode, err.message));
              return;
            }
            // Nothing was stored: a temporary answer makes the sender deliver again.
            logger.error({ err, remote_address: session.remoteAddress }, 'inbound mail not stored');
            callback(smtpError(451, '4.3.0 Not stored, try again later'));
          },
        );
      });
    },
  });
  // A client that drops its connection is its own business; the server must not crash on it.
  server.on('error', (err) => logger.warn({ err }, 'inbound SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, config.HOST, () => resolve());
  });
  const listening = server.server.address() as AddressInfo;
  logger.info(
    { port: listening.port, bounce_domain: domains.bounce, reply_domain: domains.reply },
    'inbound SMTP listening',
  );
  return {
    port: listening.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
