import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope sender (MAIL FROM, the Return-Path bounces go to); '' for the empty sender. */
  envelopeFrom: string;
  /** The envelope recipients (RCPT TO): the To and any Cc copy. */
  envelopeTo: string[];
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  headers: Map<string, unknown>;
  /** The message byte for byte as it arrived (a DKIM signature is checked on these, not on the parsed parts). */
  raw: Buffer;
  receivedAt: Date;
  /** The sending client's address: tells apart the replicas of a scaled mailer (one container each). */
  clientAddress: string;
}

interface Failure {
  code: number;
  message: string;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);
}

/**
 * A real SMTP server that records what it receives, for tests and the local inbox. It can be
 * told to refuse the next messages with a 4xx (temporary) or 5xx (permanent) reply.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** The 250 for a message comes this long after its data (a slow server); the message is kept at once. */
  replyDelayMs = 0;
  /**
   * Decides per recipient and attempt (1 for its first message) whether the server refuses
   * with an SMTP reply code, e.g. a 451 for the first attempt of a chosen few; undefined accepts.
   */
  answer: ((recipient: string, attempt: number) => number | undefined) | undefined;
  private readonly attempts = new Map<string, number>();
  private readonly failures: Failure[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly server: SMTPServer;
  private listening: AddressInfo | undefined;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 10 * 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', callback);
        stream.on('end', () => {
          const answered = this.answerFor(session.envelope.rcptTo.map((r) => r.address));
          const failure = this.failures.shift() ?? answered;
          if (failure) {
            const err = Object.assign(new Error(failure.message), { responseCode: failure.code });
            callback(err);
            return;
          }
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((mail) => {
              const mailFrom = session.envelope.mailFrom;
              this.messages.push({
                envelopeFrom: mailFrom ? mailFrom.address : '',
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                from: addresses(mail.from)[0] ?? '',
                to: addresses(mail.to),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: typeof mail.html === 'string' ? mail.html : '',
                messageId: mail.messageId,
                headers: mail.headers,
                raw,
                receivedAt: new Date(),
                clientAddress: session.remoteAddress.replace(/^::ffff:/, ''),
              });
              for (const wake of this.waiters) wake();
              setTimeout(() => callback(), this.replyDelayMs);
            })
            .catch(callback);
        });
      },
    });
  }

  private answerFor(recipients: string[]): Failure | undefined {
    let code: number | undefined;
    for (const to of recipients) {
      const attempt = (this.attempts.get(to) ?? 0) + 1;
      this.attempts.set(to, attempt);
      code ??= this.answer?.(to, attempt);
    }
    return code ? { code, message: code >= 500 ? 'Mailbox unavailable' : 'Try again later' } : undefined;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<this> {
    // A client killed mid-message (the fault tests SIGKILL mailers) resets its socket: the server
    // reports it as an 'error', which is no failure of the sink and must not crash the run.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    this.listening = this.server.server.address() as AddressInfo;
    return this;
  }

  get port(): number {
    if (!this.listening) throw new Error('SMTP sink not started');
    return this.listening.port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next `times` messages are refused with this SMTP reply code. */
  failNext(code: number, times = 1, message = code >= 500 ? 'Mailbox unavailable' : 'Try again later'): void {
    for (let i = 0; i < times; i++) this.failures.push({ code, message });
  }

  clear(): void {
    this.messages.length = 0;
    this.failures.length = 0;
    this.attempts.clear();
  }

  /** Resolves with the first message that matches, waiting for it to arrive. */
  async waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const found = this.messages.find(predicate);
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching mail within ${timeoutMs} ms (received ${this.messages.length})`));
      }, timeoutMs);
      const check = () => {
        const match = this.messages.find(predicate);
        if (!match) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(match);
      };
      this.waiters.add(check);
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
