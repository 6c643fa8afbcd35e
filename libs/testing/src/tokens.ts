import { randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type Role } from '@mfd/contracts';
import { generateKeyPair } from '@mfd/service-kit';

export interface TestKeys {
  publicKey: string;
  privateKey: string;
}

let shared: TestKeys | undefined;

/** One Ed25519 pair per test process, standing in for identity's signing key. */
export function testKeys(): TestKeys {
  shared ??= generateKeyPair();
  return shared;
}

export interface TestUser {
  userId: string;
  tenantId: string;
  role: Role;
  operator: boolean;
  tokenId: string;
  token: string;
}

export interface TokenOverrides {
  role?: Role;
  /** A platform operator (shared reference data); false unless asked. */
  operator?: boolean;
  tenantId?: string;
  userId?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  keys?: TestKeys;
}

/** A signed-in user of a tenant as every service but identity sees one: a valid access token. */
export function makeUser(overrides: TokenOverrides = {}): TestUser {
  const user = {
    userId: overrides.userId ?? randomUUID(),
    tenantId: overrides.tenantId ?? randomUUID(),
    role: overrides.role ?? 'trader',
    operator: overrides.operator ?? false,
    tokenId: randomUUID(),
  };
  const now = Math.floor(Date.now() / 1000);
  const sign = createSigner({ key: (overrides.keys ?? testKeys()).privateKey, algorithm: 'EdDSA' });
  const token = sign({
    sub: user.userId,
    tid: user.tenantId,
    role: user.role,
    operator: user.operator,
    jti: user.tokenId,
    aud: TOKEN_AUDIENCE,
    iss: TOKEN_ISSUER,
    iat: now,
    exp: now + (overrides.expiresIn ?? 3600),
  });
  return { ...user, token };
}

/** A user of the same tenant (a colleague), for tests that share data within a company. */
export function makeColleague(of: TestUser, role: Role = 'trader'): TestUser {
  return makeUser({ tenantId: of.tenantId, role });
}

export function bearer(user: { token: string }): { authorization: string } {
  return { authorization: `Bearer ${user.token}` };
}
