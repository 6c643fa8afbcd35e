import { inject } from 'vitest';

export interface InboxMail {
  id: number;
  /** The Return-Path: the mail's own bounce address. */
  envelope_from: string;
  /** Everyone it was delivered to: the To, and a Cc copy. */
  envelope_to: string[];
  from: string;
  to: string[];
  /** Where answering goes: a supplier mail's signed reply address, a forwarded reply's supplier. */
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
}

/** Waits for a mail to the address (matching the subject, when given) to reach the local inbox. */
export async function waitForMail(to: string, subject?: RegExp, timeoutMs = 20_000): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  while (Date.now() < deadline) {
    const res = await fetch(`${inject('e2e').inboxUrl}/api/messages`);
    const mails = (await res.json()) as InboxMail[];
    const match = mails
      .reverse()
      .find((m) => m.to.includes(address) && (!subject || subject.test(m.subject)));
    if (match) return match;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** The first link in the mail's text whose path matches. */
export function linkIn(mail: InboxMail, path: RegExp): string {
  const links = (mail.text.match(/https?:\/\/[^\s\])>"]+/g) ?? []).map((url) => url.replace(/[.,]+$/, ''));
  const link = links.find((url) => path.test(new URL(url).pathname));
  if (!link) throw new Error(`no link matching ${path} in mail "${mail.subject}"`);
  return link;
}
