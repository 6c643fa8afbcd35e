import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SmtpSink, type ReceivedMail } from '@mfd/testing/smtp-sink';

/**
 * The local mail catcher: an SMTP server that keeps every mail, and a small web inbox to read
 * them (HTML at /, JSON at /api/messages; DELETE /api/messages empties it). The browser tests
 * read the reset link through the JSON.
 */
export interface Inbox {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function toJson(mail: ReceivedMail, index: number) {
  return {
    id: index,
    /** The Return-Path: where a bounce of this mail would go. */
    envelope_from: mail.envelopeFrom,
    /** Everyone the mail was delivered to: the To, and a Cc copy. */
    envelope_to: mail.envelopeTo,
    from: mail.from,
    to: mail.to,
    /** Where answering goes: a supplier mail's signed reply address, a forwarded reply's supplier. */
    reply_to: (mail.headers.get('reply-to') as { text?: string } | undefined)?.text ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    received_at: mail.receivedAt,
    message_id: mail.messageId ?? null,
    client_address: mail.clientAddress,
  };
}

function page(mails: ReceivedMail[]): string {
  const rows = mails
    .map((m, i) => ({ m, i }))
    .reverse()
    .map(
      ({
        m,
        i,
      }) => `<details${i === mails.length - 1 ? ' open' : ''}><summary><b>${escapeHtml(m.subject)}</b> to ${escapeHtml(m.to.join(', '))}
        <small>${m.receivedAt.toISOString()}</small></summary><pre>${escapeHtml(m.text)}</pre></details>`,
    )
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>Inbox (${mails.length})</title>
<style>body{font:14px system-ui;margin:2rem;max-width:60rem}details{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:.5rem 0}pre{white-space:pre-wrap}</style>
<h1>Local inbox</h1><p>${mails.length} message(s). Mail sent by the app arrives here; nothing leaves this machine.</p>${rows || '<p>No mail yet.</p>'}`;
}

export async function startInbox(opts: {
  smtpPort: number;
  httpPort: number;
  host?: string;
}): Promise<Inbox> {
  const host = opts.host ?? '127.0.0.1';
  const sink = await new SmtpSink().start(opts.smtpPort, host);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      sink.clear();
      res.writeHead(204).end();
    } else if (url.pathname === '/api/messages') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(sink.messages.map(toJson)));
    } else if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(sink.messages));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.httpPort, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://${host}:${sink.port}`,
    webUrl: `http://${host}:${port}`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sink.stop();
    },
  };
}
