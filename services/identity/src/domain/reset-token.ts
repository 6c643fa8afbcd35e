import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the only copy travels in the mail; the database keeps its hash. */
export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
