/**
 * What a mailer must have before it sends to the world: a From domain that can pass DMARC (a real
 * domain, signed for by DKIM with d= aligned to it). Pure rules over the settings; config.ts turns
 * each problem into a refusal to start that names the setting to change.
 */

/** A domain name as DNS writes it (at least two labels, letters in the last). */
export const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** A DKIM selector: one DNS label (the record lives at <selector>._domainkey.<domain>). */
export const DKIM_SELECTOR = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Top-level names reserved for tests, documentation and local networks (RFC 2606, RFC 6761, RFC 6762). */
const RESERVED_TLDS = ['local', 'localhost', 'test', 'invalid', 'example'];
/** Second-level names reserved for documentation (RFC 2606). */
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** The domain of the address in MAIL_FROM ("Name <no-reply@mail.example.com>" -> "mail.example.com"), lower case. */
export function mailFromDomain(mailFrom: string): string {
  return (/@([^@\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? '').toLowerCase();
}

const within = (domain: string, parent: string) => domain === parent || domain.endsWith(`.${parent}`);

/** A domain no receiver accepts mail from: it cannot publish the SPF, DKIM and DMARC records. */
export function isReservedDomain(domain: string): boolean {
  const name = domain.toLowerCase().replace(/\.$/, '');
  return RESERVED_TLDS.some((tld) => within(name, tld)) || RESERVED_DOMAINS.some((d) => within(name, d));
}

/**
 * DMARC's relaxed alignment (its default, `adkim=r`): the signing domain is the From domain or a
 * parent of it. (A public suffix such as co.uk is a parent too, but nobody can publish a DKIM key
 * for one, so no mail would verify.)
 */
export function isDkimAligned(fromDomain: string, dkimDomain: string): boolean {
  return within(fromDomain.toLowerCase(), dkimDomain.toLowerCase());
}

export interface SendingSetup {
  production: boolean;
  mailFrom: string;
  dkimDomain: string | undefined;
  dkimSelector: string | undefined;
  /** DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE is set. */
  dkimKey: boolean;
  /** DKIM_AT_RELAY: the SMTP relay signs for MAIL_FROM's domain itself. */
  dkimAtRelay: boolean;
  /** MAIL_LOCAL_CATCHER: every mail goes to a local catcher, never to a receiver. */
  localCatcher: boolean;
}

export interface SetupProblem {
  /** The setting the message is about. */
  setting: string;
  message: string;
}

const SET_UP_DKIM =
  'set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE (or DKIM_PRIVATE_KEY; `npm run dkim -- generate DOMAIN SELECTOR` makes a key and its DNS record)';
const CATCHER = 'or MAIL_LOCAL_CATCHER=true if this mailer only ever mails a local catcher';

/** Every reason these settings cannot send mail as they are; empty when they can. */
export function sendingSetupProblems(setup: SendingSetup): SetupProblem[] {
  const problems: SetupProblem[] = [];
  const fromDomain = mailFromDomain(setup.mailFrom);
  const dkimParts = {
    DKIM_DOMAIN: setup.dkimDomain !== undefined,
    DKIM_SELECTOR: setup.dkimSelector !== undefined,
    DKIM_PRIVATE_KEY: setup.dkimKey,
  };
  const missing = Object.entries(dkimParts)
    .filter(([, present]) => !present)
    .map(([setting]) => setting);
  const dkim = missing.length === 0;
  if (missing.length > 0 && missing.length < 3)
    problems.push({
      setting: missing[0]!,
      message: `DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing`,
    });
  if (setup.dkimDomain !== undefined && !isDkimAligned(fromDomain, setup.dkimDomain))
    problems.push({
      setting: 'DKIM_DOMAIN',
      message: `DKIM_DOMAIN ${setup.dkimDomain} is not MAIL_FROM's domain ${fromDomain} or a parent of it, so DMARC would fail: set DKIM_DOMAIN to ${fromDomain}, or MAIL_FROM to an address at ${setup.dkimDomain}`,
    });
  if (!setup.production || setup.localCatcher) return problems;
  if (isReservedDomain(fromDomain))
    problems.push({
      setting: 'MAIL_FROM',
      message: `MAIL_FROM's domain ${fromDomain} is reserved for tests and local networks, and receivers refuse or junk mail from it: set MAIL_FROM to an address at your own sending domain, ${CATCHER}`,
    });
  if (!dkim && !setup.dkimAtRelay && missing.length === 3)
    problems.push({
      setting: 'DKIM_DOMAIN',
      message: `DKIM is not set up, and receivers junk mail from ${fromDomain} that is not signed for it (DMARC): ${SET_UP_DKIM}; or DKIM_AT_RELAY=true if your SMTP relay signs for ${fromDomain}; ${CATCHER}`,
    });
  return problems;
}
