import type { Redis } from 'ioredis';

/**
 * Revoked tokens, shared by every service through Redis: a denylist of token ids (logout)
 * and a per-user "not before" second (password reset) for tokens issued before it.
 */
export class TokenRevocations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private denyKey(tokenId: string) {
    return `${this.prefix}:auth:deny:${tokenId}`;
  }

  private notBeforeKey(userId: string) {
    return `${this.prefix}:auth:nbf:${userId}`;
  }

  async revokeToken(tokenId: string, expiresAtSeconds: number): Promise<void> {
    const ttl = Math.max(1, expiresAtSeconds - Math.floor(Date.now() / 1000));
    await this.redis.set(this.denyKey(tokenId), '1', 'EX', ttl);
  }

  /** Tokens issued in an earlier second stop working; same-second ones are denied by id. */
  async revokeUserTokens(userId: string, maxTokenLifetimeSeconds: number): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await this.redis.set(this.notBeforeKey(userId), String(now), 'EX', maxTokenLifetimeSeconds);
  }

  async isRevoked(claims: { jti: string; sub: string; iat: number }): Promise<boolean> {
    const [denied, notBefore] = await this.redis.mget(this.denyKey(claims.jti), this.notBeforeKey(claims.sub));
    return denied !== null || (notBefore !== null && claims.iat < Number(notBefore));
  }
}
