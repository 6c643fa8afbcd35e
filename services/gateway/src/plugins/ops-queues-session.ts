import { hkdfSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { accessTokenClaims, type AccessTokenClaims } from '@mfd/contracts';

/** Holds the board session: a credential of its own, never the operator's access token. */
export const OPS_COOKIE = 'mfd_ops';

/** A board session ends after an hour at most, and never after the token it was traded for. */
export const BOARD_SESSION_MAX_SECONDS = 3600;

/**
 * What the board needs of the token it was traded for: the user, and the identifiers the
 * revocation check asks about (a logout denies the token's id, ending an operator's grant or a
 * password reset every token issued before it). `exp` is the board session's own expiry.
 */
const boardSession = accessTokenClaims.pick({ sub: true, jti: true, iat: true, exp: true });
export type BoardSession = Pick<AccessTokenClaims, 'sub' | 'jti' | 'iat' | 'exp'>;

/**
 * The key the cookie is signed with (HMAC-SHA256, by @fastify/cookie): derived from the gateway's
 * secret for this one use, so no value the gateway signs elsewhere passes for a board session.
 */
export function boardCookieKey(gatewaySecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', gatewaySecret, '', 'mfd ops queue board session', 32));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The cookie's value (to be signed) and lifetime for a session traded for these token claims. */
export function newBoardSession(token: BoardSession): {
  value: string;
  maxAge: number;
} {
  const now = nowSeconds();
  const exp = Math.min(token.exp, now + BOARD_SESSION_MAX_SECONDS);
  const session = { sub: token.sub, jti: token.jti, iat: token.iat, exp };
  return {
    value: Buffer.from(JSON.stringify(session)).toString('base64url'),
    maxAge: Math.max(0, exp - now),
  };
}

/** The session the request's cookie holds, if the gateway signed it and it has not expired. */
export function boardSessionOf(request: FastifyRequest): BoardSession | undefined {
  const cookie = request.cookies[OPS_COOKIE];
  if (!cookie) return undefined;
  const unsigned = request.unsignCookie(cookie);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  let session;
  try {
    session = boardSession.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
  if (!session.success || session.data.exp <= nowSeconds()) return undefined;
  return session.data;
}
