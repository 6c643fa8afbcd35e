import type { Redis } from 'ioredis';
import { ROLES, type Role } from '@mfd/contracts';
import { serviceUnavailable } from './errors';
import type { OutageLog } from './redis';

/** How long tokens absent from the local copy are still accepted while Redis is unreachable. */
export const REVOCATION_OUTAGE_GRACE_MS = 5 * 60_000;

/**
 * A token Redis found unrevoked is asked about again after this long, and only while the
 * revocation channel is live: a revocation published meanwhile reaches the local copy at once.
 */
export const REVOCATION_RECHECK_MS = 1000;

export const REVOCATION_UNAVAILABLE =
  'Signing out is not possible right now. Please try again in a few minutes.';
export const SESSION_CHECK_UNAVAILABLE =
  'Your session cannot be checked right now. Please try again in a few minutes.';

export interface RevocationOptions {
  /** Tests shorten the 5 minutes. */
  outageGraceMs?: number;
  /** At start, how long a check waits for the first connection before counting as an outage. */
  firstConnectWaitMs?: number;
}

interface Log extends OutageLog {
  error(obj: object, msg: string): void;
}

const quiet: Log = { warn() {}, info() {}, error() {} };
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What a token is worth now: revoked, or live with the role its user has now (null: as the token says). */
export interface TokenStanding {
  revoked: boolean;
  role: Role | null;
}

const isRole = (value: string | null | undefined): value is Role =>
  (ROLES as readonly string[]).includes(value ?? '');

/**
 * Revoked tokens, shared by every service through Redis: a denylist of token ids (logout) and a
 * per-user "not before" second (password reset) for tokens issued before it. Role changes travel
 * the same way: a token carries the role it was signed with, and a user's role changed since
 * applies from their next request on, whatever token they hold.
 *
 * Each process keeps a copy of every revocation it has seen (published on a channel, reloaded from
 * an index whenever the connection is made again) and checks it first. Redis is asked too, at most
 * once per token per REVOCATION_RECHECK_MS while the channel is live, on every check otherwise
 * (a proxied request was checked twice, in the gateway and in the service, each a round trip): a
 * revocation whose message were lost still applies within that second. While Redis is unreachable
 * a revoked token it knows of stays refused and any other token is accepted for
 * REVOCATION_OUTAGE_GRACE_MS of outage, then refused with 503. Revoking needs Redis: without
 * it the caller gets 503, as the revocation could not be promised to the other services.
 */
export class TokenRevocations {
  private readonly denied = new Map<string, number>();
  private readonly notBefore = new Map<string, { at: number; until: number }>();
  /** Roles changed while tokens signed with the old one may live, by user; the latest change wins. */
  private readonly roles = new Map<string, { at: number; role: Role; until: number }>();
  /** Token ids Redis found unrevoked, until when (ms) that answer stands; oldest first. */
  private readonly checkedClear = new Map<string, number>();
  private readonly subscriber: Redis;
  private readonly firstConnect: Promise<void>;
  private readonly createdAt = Date.now();
  private everReady = false;
  private firstAttemptOver = false;
  private outageSince: number | null = null;
  private reported: 'nothing' | 'accepting' | 'refusing' = 'nothing';
  private log: Log = quiet;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly opts: RevocationOptions = {},
  ) {
    this.everReady = redis.status === 'ready';
    this.firstAttemptOver = this.everReady;
    this.firstConnect = new Promise((resolve) => {
      if (this.everReady) resolve();
      else redis.once('ready', () => resolve());
    });
    redis.on('ready', () => {
      this.everReady = true;
      this.firstAttemptOver = true;
      this.recovered();
      void this.reload();
    });
    redis.on('close', () => {
      this.firstAttemptOver = true;
      this.outageSince ??= Date.now();
    });
    redis.on('error', () => {
      this.firstAttemptOver = true;
    });
    this.subscriber = redis.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
      lazyConnect: false,
    });
    this.subscriber.on('error', () => {});
    // Messages may be missed while the channel is down: nothing known as unrevoked stands then.
    this.subscriber.on('close', () => this.checkedClear.clear());
    this.subscriber.on('message', (_channel: string, message: string) => this.rememberMessage(message));
    this.subscriber.on('ready', () => void this.reload());
    this.subscriber.subscribe(this.channel).catch(() => {});
    // The services close their client on shutdown; the subscriber goes with it.
    redis.once('end', () => this.subscriber.disconnect());
    if (this.everReady) void this.reload();
  }

  /** Where outages of the check are reported (once each way); the auth plugin passes the app's logger. */
  reportTo(log: Log): void {
    this.log = log;
  }

  private get channel() {
    return `${this.prefix}:auth:revocations`;
  }

  /** Every revocation until it expires, scored by its expiry, for reloading a copy. */
  private get indexKey() {
    return `${this.prefix}:auth:revocations:index`;
  }

  private denyKey(tokenId: string) {
    return `${this.prefix}:auth:deny:${tokenId}`;
  }

  private notBeforeKey(userId: string) {
    return `${this.prefix}:auth:nbf:${userId}`;
  }

  private roleKey(userId: string) {
    return `${this.prefix}:auth:role:${userId}`;
  }

  async revokeToken(tokenId: string, expiresAtSeconds: number): Promise<void> {
    const ttl = Math.max(1, expiresAtSeconds - nowSeconds());
    const member = `d:${tokenId}`;
    await this.write((m) => m.set(this.denyKey(tokenId), '1', 'EX', ttl), member, nowSeconds() + ttl);
  }

  /** Tokens issued in an earlier second stop working; same-second ones are denied by id. */
  async revokeUserTokens(userId: string, maxTokenLifetimeSeconds: number): Promise<void> {
    const now = nowSeconds();
    const member = `n:${userId}:${now}`;
    await this.write(
      (m) => m.set(this.notBeforeKey(userId), String(now), 'EX', maxTokenLifetimeSeconds),
      member,
      now + maxTokenLifetimeSeconds,
    );
  }

  /**
   * The user's role is now `role`: tokens signed before keep working with it in place of theirs,
   * until the longest of them has expired. Published like a revocation (needs Redis: 503 without).
   */
  async changeRole(userId: string, role: Role, maxTokenLifetimeSeconds: number): Promise<void> {
    const now = nowSeconds();
    const member = `r:${userId}:${now}:${role}`;
    const until = now + maxTokenLifetimeSeconds;
    await this.write(
      (m) => m.set(this.roleKey(userId), `${now}:${role}`, 'EX', maxTokenLifetimeSeconds),
      member,
      until,
    );
  }

  async isRevoked(claims: { jti: string; sub: string; iat: number }): Promise<boolean> {
    return (await this.standing(claims)).revoked;
  }

  /**
   * The standing the local copy alone tells (a known revocation, or Redis asked within the last
   * second while the channel is live), without waiting; undefined when Redis must be asked.
   */
  standingNow(claims: { jti: string; sub: string; iat: number }): TokenStanding | undefined {
    if (this.knows(claims)) return { revoked: true, role: null };
    if (this.subscriber.status === 'ready' && (this.checkedClear.get(claims.jti) ?? 0) > Date.now())
      return { revoked: false, role: this.knownRole(claims.sub) };
    return undefined;
  }

  /** Whether the token is revoked, and the role its user has now if it changed since it was signed. */
  async standing(claims: { jti: string; sub: string; iat: number }): Promise<TokenStanding> {
    const known = this.standingNow(claims);
    if (known) return known;
    const live = this.subscriber.status === 'ready';
    if (await this.reachable()) {
      try {
        const [denied, notBefore, changed] = await this.redis.mget(
          this.denyKey(claims.jti),
          this.notBeforeKey(claims.sub),
          this.roleKey(claims.sub),
        );
        const revoked = denied !== null || (notBefore !== null && claims.iat < Number(notBefore));
        if (!revoked && live) this.rememberClear(claims.jti);
        const role = changed?.split(':')[1];
        return { revoked, role: isRole(role) ? role : this.knownRole(claims.sub) };
      } catch {
        // A timeout or a dropped connection: an outage like any other.
      }
    }
    return { revoked: this.acceptDuringOutage(), role: this.knownRole(claims.sub) };
  }

  private knownRole(userId: string): Role | null {
    const known = this.roles.get(userId);
    return known && known.until >= nowSeconds() ? known.role : null;
  }

  private async write(
    command: (m: ReturnType<Redis['multi']>) => unknown,
    member: string,
    until: number,
  ): Promise<void> {
    if (!(await this.reachable())) throw serviceUnavailable(REVOCATION_UNAVAILABLE);
    const multi = this.redis.multi();
    command(multi);
    multi.zadd(this.indexKey, until, member).publish(this.channel, `${until} ${member}`);
    let results: Awaited<ReturnType<typeof multi.exec>>;
    try {
      results = await multi.exec();
    } catch {
      throw serviceUnavailable(REVOCATION_UNAVAILABLE);
    }
    if (!results || results.some(([err]) => err)) throw serviceUnavailable(REVOCATION_UNAVAILABLE);
    this.remember(member, until);
  }

  private rememberClear(tokenId: string): void {
    const now = Date.now();
    for (const [id, until] of this.checkedClear) {
      if (until > now) break;
      this.checkedClear.delete(id);
    }
    this.checkedClear.delete(tokenId);
    this.checkedClear.set(tokenId, now + REVOCATION_RECHECK_MS);
  }

  private isReady(): boolean {
    return this.redis.status === 'ready';
  }

  private async reachable(): Promise<boolean> {
    if (this.isReady()) return true;
    // Only while the very first connection attempt is under way: a start-up is no outage.
    const wait = this.opts.firstConnectWaitMs ?? 2000;
    if (!this.firstAttemptOver) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.firstConnect, new Promise((resolve) => (timer = setTimeout(resolve, wait)))]);
      clearTimeout(timer);
    }
    return this.isReady();
  }

  private acceptDuringOutage(): boolean {
    this.outageSince ??= this.everReady ? Date.now() : this.createdAt;
    const grace = this.opts.outageGraceMs ?? REVOCATION_OUTAGE_GRACE_MS;
    if (Date.now() - this.outageSince > grace) {
      if (this.reported !== 'refusing') {
        this.reported = 'refusing';
        this.log.error(
          { graceSeconds: grace / 1000 },
          'Redis is still unreachable: tokens are refused with 503 until it is back',
        );
      }
      throw serviceUnavailable(SESSION_CHECK_UNAVAILABLE);
    }
    if (this.reported === 'nothing') {
      this.reported = 'accepting';
      this.log.warn(
        { graceSeconds: grace / 1000, knownRevocations: this.denied.size + this.notBefore.size },
        'Redis is unreachable: tokens are checked against the local copy of revocations only, for the grace period',
      );
    }
    return false;
  }

  private recovered(): void {
    if (this.reported !== 'nothing')
      this.log.info('Redis is reachable again: tokens are checked against Redis');
    this.outageSince = null;
    this.reported = 'nothing';
  }

  private knows(claims: { jti: string; sub: string; iat: number }): boolean {
    const now = nowSeconds();
    const deniedUntil = this.denied.get(claims.jti);
    if (deniedUntil !== undefined && deniedUntil >= now) return true;
    const cut = this.notBefore.get(claims.sub);
    return cut !== undefined && cut.until >= now && claims.iat < cut.at;
  }

  private rememberMessage(message: string): void {
    const space = message.indexOf(' ');
    this.remember(message.slice(space + 1), Number(message.slice(0, space)));
  }

  private remember(member: string, until: number): void {
    if (!(until >= nowSeconds())) return;
    if (member.startsWith('d:')) this.denied.set(member.slice(2), until);
    else if (member.startsWith('r:')) {
      const [userId = '', at, role] = member.slice(2).split(':');
      const known = this.roles.get(userId);
      if (isRole(role) && (!known || known.at <= Number(at)))
        this.roles.set(userId, { at: Number(at), role, until });
    } else if (member.startsWith('n:')) {
      const [userId = '', at] = member.slice(2).split(':');
      const cut = { at: Number(at), until };
      const known = this.notBefore.get(userId);
      if (!known || known.at < cut.at) this.notBefore.set(userId, cut);
    }
  }

  /** Replaces nothing and forgets nothing still valid: entries only expire. */
  private async reload(): Promise<void> {
    try {
      const now = nowSeconds();
      await this.redis.zremrangebyscore(this.indexKey, '-inf', now - 1);
      const entries = await this.redis.zrange(this.indexKey, 0, -1, 'WITHSCORES');
      for (let i = 0; i + 1 < entries.length; i += 2) this.remember(entries[i] ?? '', Number(entries[i + 1]));
      for (const [id, until] of this.denied) if (until < now) this.denied.delete(id);
      for (const [id, cut] of this.notBefore) if (cut.until < now) this.notBefore.delete(id);
      for (const [id, change] of this.roles) if (change.until < now) this.roles.delete(id);
    } catch {
      // Redis went away again; the next connection reloads.
    }
  }
}
