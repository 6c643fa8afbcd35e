import { createHash, randomBytes } from 'node:crypto';

/** A personal offer link's token: 256 random bits, base64url (43 characters). */
export function newOfferToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a dump of the database hands out no working link. */
export function offerTokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
