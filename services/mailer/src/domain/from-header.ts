import { PRODUCT_NAME, type MailSender } from '@mfd/contracts';
import { oneLine, truncate } from './text-fit';

/** A person's or company's name in the From header is cut here: the header stays readable in a list. */
const NAME_MAX = 64;

/** The address of MAIL_FROM ("Marine Fuel Distribution <no-reply@x.com>" -> "no-reply@x.com"). */
export function mailFromAddress(mailFrom: string): string {
  return /<?([^\s<>]+@[^\s<>]+)>?\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

function part(text: string | null): string | null {
  const line = text === null ? '' : oneLine(text);
  return line ? truncate(line, NAME_MAX) : null;
}

/**
 * "Maria Jensen (Nordic Bunkers) via Marine Fuel Distribution": who asks, and that the platform
 * sends it. The company is left out when unknown or the same as the person's name (a new account's
 * company is named after its user); null when neither is known.
 */
export function senderDisplayName(sender: MailSender | null | undefined): string | null {
  const name = part(sender?.name ?? null);
  const company = part(sender?.company ?? null);
  const sameAsName = company !== null && name !== null && company.toLowerCase() === name.toLowerCase();
  const who = name && company && !sameAsName ? `${name} (${company})` : (name ?? company);
  return who ? `${who} via ${PRODUCT_NAME}` : null;
}

/**
 * The From of a mail: always the platform's own address (MAIL_FROM), the only one DKIM signs and
 * DMARC aligns for; a supplier mail names the trader in the display name. nodemailer quotes the
 * name and encodes what is not ASCII (RFC 2047), so quotes, parentheses and accents arrive as typed.
 */
export function fromHeader(
  mailFrom: string,
  sender: MailSender | null | undefined,
): string | { name: string; address: string } {
  const name = senderDisplayName(sender);
  return name ? { name, address: mailFromAddress(mailFrom) } : mailFrom;
}
