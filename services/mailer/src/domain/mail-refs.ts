import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import { base32nopad } from '@scure/base';

/**
 * Signed references to a sent message, put in the addresses its answers come back to: the
 * envelope sender `b-<ref>@BOUNCE_DOMAIN` (VERP: a bounce names the one message that failed) and
 * the Reply-To `r-<ref>@REPLY_DOMAIN` of a supplier mail. A ref is the message's id and an HMAC
 * of it (key held by the mailer alone), base32 in lower case: a receiver may lower-case a local
 * part, and 47 characters stay well inside the 64 a local part may have (RFC 5321 4.5.3.1.1).
 */
export type RefPurpose = 'bounce' | 'reply';

const PREFIX: Record<RefPurpose, string> = { bounce: 'b-', reply: 'r-' };
/** 96 bits of MAC: guessing one takes 2^95 tries on average, each an SMTP command. */
const MAC_BYTES = 12;
const ID_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The domains answers come back to (either may be unset: that kind of answer is not taken). */
export interface RefDomains {
  bounce: string | undefined;
  reply: string | undefined;
}

/** Where an inbound recipient address leads: the message it refers to, or why it is refused. */
export type RecipientTarget =
  { ok: true; purpose: RefPurpose; messageId: string } | { ok: false; reason: string };

export class MailRefs {
  private readonly keys: KeyObject[];

  /** `keys` in order: the first signs, every one verifies (a rotation keeps the old key a while). */
  constructor(keys: Iterable<KeyObject>) {
    this.keys = [...keys];
    if (this.keys.length === 0) throw new Error('MailRefs needs at least one key');
  }

  private mac(key: KeyObject, purpose: RefPurpose, id: Buffer): Buffer {
    // The purpose is signed too, so a bounce ref cannot be replayed as a reply ref or back.
    return createHmac('sha256', key).update(purpose).update(id).digest().subarray(0, MAC_BYTES);
  }

  sign(purpose: RefPurpose, messageId: string): string {
    if (!UUID.test(messageId)) throw new Error(`a ref names a message id (uuid), not "${messageId}"`);
    const id = uuidBytes(messageId);
    return base32nopad.encode(Buffer.concat([id, this.mac(this.keys[0]!, purpose, id)])).toLowerCase();
  }

  /** The message id a ref was signed for, or null when it is malformed or its MAC fails under every key. */
  verify(purpose: RefPurpose, ref: string): string | null {
    let bytes: Uint8Array;
    try {
      bytes = base32nopad.decode(ref.toUpperCase());
    } catch {
      return null;
    }
    if (bytes.length !== ID_BYTES + MAC_BYTES) return null;
    const id = Buffer.from(bytes.subarray(0, ID_BYTES));
    const mac = Buffer.from(bytes.subarray(ID_BYTES));
    return this.keys.some((key) => timingSafeEqual(mac, this.mac(key, purpose, id))) ? uuidText(id) : null;
  }

  address(purpose: RefPurpose, messageId: string, domain: string): string {
    return `${PREFIX[purpose]}${this.sign(purpose, messageId)}@${domain}`;
  }

  /** Reads an inbound recipient: one of our domains, the prefix of that domain's purpose and a valid ref. */
  target(address: string, domains: RefDomains): RecipientTarget {
    const at = address.lastIndexOf('@');
    const local = address.slice(0, at).toLowerCase();
    const domain = address
      .slice(at + 1)
      .toLowerCase()
      .replace(/\.$/, '');
    const purposes = (['bounce', 'reply'] as const).filter((p) => domains[p]?.toLowerCase() === domain);
    if (at < 1 || purposes.length === 0) return { ok: false, reason: 'not a domain of this server' };
    const purpose = purposes.find((p) => local.startsWith(PREFIX[p]));
    if (!purpose) return { ok: false, reason: 'no such mailbox' };
    const messageId = this.verify(purpose, local.slice(PREFIX[purpose].length));
    return messageId ? { ok: true, purpose, messageId } : { ok: false, reason: 'no such mailbox' };
  }
}
