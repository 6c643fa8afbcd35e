import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  accessTokenClaims,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type AccessTokenClaims,
  type Role,
} from '@mfd/contracts';
import { forbidden, unauthorized } from './errors';
import type { TokenRevocations } from './revocations';

export interface AuthContext {
  userId: string;
  tenantId: string;
  role: Role;
  /** A platform operator: may change shared reference data, whatever the role in the company. */
  operator: boolean;
  tokenId: string;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, health, public offer page). */
    public?: boolean;
    /** The role a caller must have; any signed-in user when absent. */
    role?: Role;
    /** Only platform operators (shared reference data); 403 for everyone else. */
    operator?: boolean;
  }
  interface FastifyRequest {
    /** The verified caller. Reading it on a public route throws 401. */
    readonly auth: AuthContext;
  }
}

export interface AuthOptions {
  publicKey: string;
  /** Given only to identity, the one service that signs tokens. */
  privateKey?: string;
  revocations: TokenRevocations;
  tokenTtlSeconds?: number;
  /** The gateway shares its cache with its direct proxy path, which only proxies tokens verified here. */
  verified?: VerifiedTokens;
}

export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 3600;

/** Verified tokens kept per process; past it, the oldest is forgotten first. */
const VERIFIED_TOKENS_CACHED = 10_000;

/**
 * Claims of tokens whose signature and claims passed, by their exact Authorization header, until
 * they expire (failures are never kept). An EdDSA check costs about 130 us, and fast-jwt's own
 * cache still hashed the token and checked its claims again on every request; a hit here is one
 * map lookup. Revocation, role and operator are still checked on every request.
 */
export interface Verified {
  claims: AccessTokenClaims;
  /** What @fastify/jwt leaves on request.user, which routes may read. */
  payload: object;
}

export class VerifiedTokens {
  private readonly byHeader = new Map<string, Verified>();

  get(header: string | undefined): Verified | undefined {
    if (header === undefined) return undefined;
    const known = this.byHeader.get(header);
    if (known && known.claims.exp * 1000 <= Date.now()) {
      this.byHeader.delete(header);
      return undefined;
    }
    return known;
  }

  set(header: string, verified: Verified): void {
    if (this.byHeader.size >= VERIFIED_TOKENS_CACHED) {
      const oldest = this.byHeader.keys().next().value;
      if (oldest !== undefined) this.byHeader.delete(oldest);
    }
    this.byHeader.set(header, verified);
  }
}

const kAuth = Symbol('auth');
type WithAuth = FastifyRequest & { [kAuth]?: AuthContext };

const SESSION_INVALID = 'Your session has expired or is no longer valid. Please sign in again.';

/**
 * Verifies the bearer token on every route that is not marked public: signature (EdDSA),
 * algorithm, audience, issuer, expiry, and the Redis revocation list; then the route's role and operator flag.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthOptions) => {
    await app.register(fastifyJwt, {
      secret: opts.privateKey
        ? { public: opts.publicKey, private: opts.privateKey }
        : { public: opts.publicKey },
      sign: {
        algorithm: 'EdDSA',
        aud: TOKEN_AUDIENCE,
        iss: TOKEN_ISSUER,
        expiresIn: opts.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
      },
      verify: {
        algorithms: ['EdDSA'],
        allowedAud: TOKEN_AUDIENCE,
        allowedIss: TOKEN_ISSUER,
      },
    });

    opts.revocations.reportTo(app.log);
    const verified = opts.verified ?? new VerifiedTokens();

    app.decorateRequest('auth', {
      getter(this: WithAuth) {
        const auth = this[kAuth];
        if (!auth) throw unauthorized(SESSION_INVALID);
        return auth;
      },
    });

    app.addHook('onRequest', async (request: WithAuth) => {
      const config = request.routeOptions.config;
      // Unknown routes (no url) fall through to the 404 handler.
      if (config.public || request.routeOptions.url === undefined) return;
      const header = request.headers.authorization;
      let known = verified.get(header);
      if (known) request.user = known.payload;
      else {
        try {
          const payload = await request.jwtVerify<object>();
          known = { claims: accessTokenClaims.parse(payload), payload };
        } catch {
          throw unauthorized(SESSION_INVALID);
        }
        if (header !== undefined) verified.set(header, known);
      }
      const { claims } = known;
      const standing = await opts.revocations.standing(claims);
      if (standing.revoked) throw unauthorized(SESSION_INVALID);
      // A role changed since the token was signed applies now, not at the next sign-in.
      const role = standing.role ?? claims.role;
      request[kAuth] = {
        userId: claims.sub,
        tenantId: claims.tid,
        role,
        operator: claims.operator,
        tokenId: claims.jti,
        expiresAt: claims.exp,
      };
      if (config.role && role !== config.role) throw forbidden();
      if (config.operator && !claims.operator) throw forbidden();
    });
  },
  { name: 'mfd-auth' },
);
