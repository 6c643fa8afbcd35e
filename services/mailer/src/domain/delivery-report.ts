/**
 * Reads a bounce: the delivery status notification of RFC 3464 (a `message/delivery-status` part,
 * or RFC 6533's `message/global-delivery-status`), or, for the servers that send plain text
 * instead, the SMTP status code in the text ("550 5.1.1 <x@y>: user unknown", qmail's "(#5.1.1)").
 */

/** A mail that did not reach its recipient, as the report says. */
export interface Bounce {
  /** The enhanced status code (RFC 3463), e.g. 5.1.1; from a basic reply code alone, its class: 550 -> 5.0.0. */
  status: string;
  /** The basic SMTP reply code of the remote server's answer (550), when the report gives one. */
  reply: string | null;
  /** The remote server's answer, e.g. "550 5.1.1 user unknown"; null when the report gives none. */
  diagnostic: string | null;
  /** The address the report names as failed, when it names one. */
  recipient: string | null;
}

/** A report's fields (and the text around them) past this are not read: a real one is far shorter. */
const MAX_REPORT_CHARS = 64 * 1024;
const MAX_DIAGNOSTIC_CHARS = 500;
const ENHANCED = /(?:^|[\s(#;])([245])\.(\d{1,3})\.(\d{1,3})(?=$|[\s);:,.])/;
/** A basic reply code where servers and bounce texts put one: at a line's start or after "said:" or a colon. */
const BASIC = /(?:^|said:\s*|:\s+)([45][0-5]\d)(?=[\s-])/i;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_DIAGNOSTIC_CHARS);

/** Header-style fields in blank-line separated blocks (RFC 3464 2.1), continuation lines unfolded. */
function fieldBlocks(report: string): Map<string, string>[] {
  return report
    .slice(0, MAX_REPORT_CHARS)
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    });
}

/** "rfc822; x@y" -> "x@y"; "smtp; 550 ..." -> "550 ...". */
const typedValue = (value: string | undefined) =>
  value === undefined
    ? null
    : oneLine(value.includes(';') ? value.slice(value.indexOf(';') + 1) : value) || null;

function enhancedCode(text: string): string | null {
  const m = ENHANCED.exec(text);
  return m ? `${m[1]}.${m[2]}.${m[3]}` : null;
}

/**
 * The failed recipient of a delivery-status part; null when no recipient failed (a report that
 * mail is delayed, delivered or relayed is no bounce). The text around the part may be given with
 * it: only a block with an Action field is a recipient's.
 */
export function readDeliveryStatus(report: string): Bounce | null {
  const failed = fieldBlocks(report).find((fields) =>
    fields.get('action')?.toLowerCase().startsWith('failed'),
  );
  if (!failed) return null;
  const diagnostic = typedValue(failed.get('diagnostic-code'));
  const status =
    enhancedCode(` ${failed.get('status') ?? ''}`) ??
    (diagnostic && enhancedCode(` ${diagnostic}`)) ??
    // Action: failed with no readable code is still a failure, of no known kind.
    '5.0.0';
  return {
    status,
    reply: (diagnostic && BASIC.exec(diagnostic)?.[1]) ?? null,
    diagnostic,
    recipient: typedValue(failed.get('final-recipient') ?? failed.get('original-recipient')),
  };
}

/**
 * A bounce in plain text: the first line with a permanent status code. A temporary one (4xx) in
 * such a text is a "still trying" warning, not a failure, and is not read as a bounce.
 */
export function readTextBounce(text: string): Bounce | null {
  for (const line of text.slice(0, MAX_REPORT_CHARS).split(/\r?\n/)) {
    const enhanced = enhancedCode(line);
    const basic = BASIC.exec(line)?.[1] ?? null;
    const status = enhanced ?? (basic ? `${basic[0]}.0.0` : null);
    if (!status?.startsWith('5')) continue;
    // From the reply code on ("...said: 550 5.1.1 ..."); a line with only an enhanced code whole.
    const start = basic ? line.indexOf(basic) : 0;
    return {
      status,
      reply: basic,
      diagnostic: oneLine(line.slice(start)) || null,
      // A text names addresses anywhere, the sender's too: which one failed is not told reliably.
      recipient: null,
    };
  }
  return null;
}

/** What the recipient's delivery shows: "550 5.1.1 user unknown" (the code is put in front when the answer lacks it). */
export function bounceError(bounce: Bounce): string {
  if (!bounce.diagnostic) return bounce.status;
  return bounce.diagnostic.includes(bounce.status)
    ? bounce.diagnostic
    : `${bounce.status} ${bounce.diagnostic}`;
}

/** Basic replies that say the mailbox is unavailable, not local or not a valid name (RFC 5321 4.2.3). */
const ADDRESS_REPLIES = ['550', '551', '553'];

/**
 * A hard bounce: the address itself does not work (no such user or domain, a disabled mailbox),
 * so the directory flags it. A permanent refusal for another reason (5.7.1 policy or spam, a full
 * mailbox, a message too large) says nothing about the address and leaves it alone. Without an
 * enhanced code, the basic reply decides.
 */
export function isAddressFailure(bounce: Pick<Bounce, 'status' | 'reply'>): boolean {
  if (bounce.status === '5.0.0') return bounce.reply !== null && ADDRESS_REPLIES.includes(bounce.reply);
  return /^5\.1\.\d+$/.test(bounce.status) || bounce.status === '5.2.1';
}
