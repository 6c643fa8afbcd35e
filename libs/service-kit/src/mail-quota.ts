import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Counter, type Registry } from 'prom-client';
import { serviceUnavailable, tooManyRequests } from './errors';
import {
  companyQuotas,
  MAIL_QUOTA_LIMITS,
  MAIL_QUOTA_WINDOW_MS,
  quotaRefusalDetail,
  type MailQuotaLimit,
  type MailQuotaSettings,
  type Refusal,
} from './mail-quota-rules';

/**
 * Checks both windows and, only if both hold, counts the request, in one atomic step, so replicas
 * racing for the last places cannot all pass a count read before either was counted. Times are
 * Redis's own clock in microseconds (every replica shares it), made strictly increasing per
 * company so each reservation's score is its own and a release can tell its entries from a later
 * reservation's.
 *
 * KEYS: recipients (address -> its latest mail), mails ("<reservation>:<count>" -> when), clock.
 * ARGV: recipient window, mail window (µs), recipient limit, mail limit, reservation id, mails,
 * then the addresses (lower-cased). Answers {0, recipient wait, mail wait} (µs; -1: the request
 * alone is over the limit) when refused, else {1, score, address, its previous score or '', ...}.
 */
const RESERVE = `
-- Numbers go to Redis as text by %.14g, which would round microseconds: format them whole.
local function whole(x) return string.format('%.0f', x) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local last = tonumber(redis.call('GET', KEYS[3]) or '0')
if now <= last then now = last + 1 end
local dayUs, hourUs = tonumber(ARGV[1]), tonumber(ARGV[2])
local recipientLimit, mailLimit = tonumber(ARGV[3]), tonumber(ARGV[4])
local id, count = ARGV[5], tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', whole(now - dayUs))
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', whole(now - hourUs))

local held = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
local mails = 0
for i = 1, #held, 2 do mails = mails + tonumber(string.match(held[i], ':(%d+)$')) end
local mailWait = 0
if count > mailLimit then mailWait = -1
elseif mails + count > mailLimit then
  local excess = mails + count - mailLimit
  for i = 1, #held, 2 do
    excess = excess - tonumber(string.match(held[i], ':(%d+)$'))
    if excess <= 0 then mailWait = tonumber(held[i + 1]) + hourUs - now break end
  end
end

local asked, distinct, fresh = {}, {}, 0
for i = 7, #ARGV do
  if not asked[ARGV[i]] then
    asked[ARGV[i]] = true
    table.insert(distinct, ARGV[i])
    if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then fresh = fresh + 1 end
  end
end
local recipientWait = 0
if #distinct > recipientLimit then recipientWait = -1
else
  local excess = redis.call('ZCARD', KEYS[1]) + fresh - recipientLimit
  if excess > 0 then
    -- The oldest addresses leave the window first; one this request mails again stays in it.
    local members = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
    for i = 1, #members, 2 do
      if not asked[members[i]] then
        excess = excess - 1
        if excess <= 0 then recipientWait = tonumber(members[i + 1]) + dayUs - now break end
      end
    end
  end
end
if recipientWait ~= 0 or mailWait ~= 0 then return {0, recipientWait, mailWait} end

redis.call('ZADD', KEYS[2], whole(now), id .. ':' .. count)
local answer = {1, whole(now)}
for _, address in ipairs(distinct) do
  table.insert(answer, address)
  table.insert(answer, redis.call('ZSCORE', KEYS[1], address) or '')
  redis.call('ZADD', KEYS[1], whole(now), address)
end
redis.call('PEXPIRE', KEYS[1], whole(math.ceil(dayUs / 1000)))
redis.call('PEXPIRE', KEYS[2], whole(math.ceil(hourUs / 1000)))
redis.call('SET', KEYS[3], whole(now), 'PX', whole(math.ceil(dayUs / 1000)))
return answer
`;

/**
 * Gives a reservation back: its mails leave the hour, and each address returns to the time it had
 * before (or leaves the window) unless a later reservation has mailed it since.
 * KEYS: recipients, mails. ARGV: the reservation's score, its mails member, then address/previous pairs.
 */
const RELEASE = `
redis.call('ZREM', KEYS[2], ARGV[2])
for i = 3, #ARGV, 2 do
  local current = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if current and tonumber(current) == tonumber(ARGV[1]) then
    if ARGV[i + 1] == '' then redis.call('ZREM', KEYS[1], ARGV[i])
    else redis.call('ZADD', KEYS[1], ARGV[i + 1], ARGV[i]) end
  end
end
return 1
`;

const sha1 = (script: string) => createHash('sha1').update(script).digest('hex');
const SCRIPTS = {
  reserve: { lua: RESERVE, sha: sha1(RESERVE) },
  release: { lua: RELEASE, sha: sha1(RELEASE) },
};

/** Runs a script by its hash, loading it the first time a Redis has not seen it. */
async function runScript(redis: Redis, script: { lua: string; sha: string }, keys: string[], args: string[]) {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args);
  } catch (err) {
    if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
    return redis.eval(script.lua, keys.length, ...keys, ...args);
  }
}

/** Refusals of supplier mail because a company hit a quota, by limit (the alert watches it). */
export function mailQuotaRefusals(registry: Registry): Counter<'limit'> {
  const counter = new Counter({
    name: 'mail_quota_refusals_total',
    help: 'Requests to mail suppliers refused (429) because the company hit a mail quota, by limit',
    labelNames: ['limit'],
    registers: [registry],
  });
  // Both series exist from the start, so the alert's increase() reads 0 rather than no data.
  for (const limit of MAIL_QUOTA_LIMITS) counter.inc({ limit }, 0);
  return counter;
}

/** What a reservation counted, to give back if its mails are never written. */
export interface MailQuotaReservation {
  companyId: string;
  score: string;
  member: string;
  previous: [address: string, score: string][];
}

export interface MailQuotaOptions {
  redis: Redis;
  /** The stack's REDIS_PREFIX: every service that mails suppliers counts in the same keys. */
  prefix: string;
  settings: MailQuotaSettings;
  refusals: Counter<'limit'>;
  /** Tests shorten them; the rules are 24 hours and one hour. */
  windowsMs?: Record<MailQuotaLimit, number>;
}

/**
 * A company's quotas on mail to suppliers, counted in Redis and shared by every replica and
 * service. `reserve` counts a request's mails before they are written, whole or not at all; a
 * caller whose write then fails gives them back with `release`. Should a process die between the
 * two, the count stays: the quota errs towards sending less, never more.
 */
export class MailQuota {
  private readonly windowsUs: Record<MailQuotaLimit, number>;

  constructor(private readonly options: MailQuotaOptions) {
    const windows = options.windowsMs ?? MAIL_QUOTA_WINDOW_MS;
    this.windowsUs = {
      recipients_per_day: windows.recipients_per_day * 1000,
      mails_per_hour: windows.mails_per_hour * 1000,
    };
  }

  private keys(companyId: string): string[] {
    // The braces keep a company's keys in one Redis Cluster slot, as a script needs.
    const base = `${this.options.prefix}:mail-quota:{${companyId}}`;
    return [`${base}:recipients`, `${base}:mails`, `${base}:clock`];
  }

  /**
   * Counts one mail per address in `addresses` (repeats are separate mails to one recipient) for
   * the company. Over a limit: 429 with Retry-After (until enough of the window frees) and a detail
   * naming it, nothing counted. Redis unreachable: 503, never an unmetered send.
   */
  async reserve(
    company: { id: string; createdAt: Date },
    addresses: string[],
    log?: { warn(obj: object, msg: string): void },
  ): Promise<MailQuotaReservation> {
    const quotas = companyQuotas(this.options.settings, company.createdAt, new Date());
    const id = randomUUID();
    let answer: unknown;
    try {
      answer = await runScript(this.options.redis, SCRIPTS.reserve, this.keys(company.id), [
        String(this.windowsUs.recipients_per_day),
        String(this.windowsUs.mails_per_hour),
        String(quotas.limits.recipients_per_day),
        String(quotas.limits.mails_per_hour),
        id,
        String(addresses.length),
        ...addresses.map((a) => a.toLowerCase()),
      ]);
    } catch {
      throw serviceUnavailable(
        'Mail quotas cannot be checked right now, so nothing was sent. Please try again in a few minutes.',
      );
    }
    const [admitted, ...rest] = answer as (number | string)[];
    if (admitted === 1) {
      const [score, ...pairs] = rest.map(String);
      const previous: [string, string][] = [];
      for (let i = 0; i < pairs.length; i += 2) previous.push([pairs[i]!, pairs[i + 1]!]);
      return { companyId: company.id, score: score!, member: `${id}:${addresses.length}`, previous };
    }
    const waits: Record<MailQuotaLimit, number> = {
      recipients_per_day: Number(rest[0]),
      mails_per_hour: Number(rest[1]),
    };
    const refusals: Refusal[] = MAIL_QUOTA_LIMITS.filter((limit) => waits[limit] !== 0).map((limit) => ({
      limit,
      tooLarge: waits[limit] < 0,
      waitSeconds: Math.ceil((waits[limit] < 0 ? this.windowsUs[limit] : waits[limit]) / 1_000_000),
    }));
    for (const r of refusals) this.options.refusals.inc({ limit: r.limit });
    log?.warn(
      { company: company.id, limits: refusals.map((r) => r.limit), mails: addresses.length },
      'a company hit its supplier mail quota',
    );
    throw tooManyRequests(
      quotaRefusalDetail(refusals, quotas),
      Math.max(1, ...refusals.map((r) => r.waitSeconds)),
    );
  }

  /** Gives back what a reservation counted (its mails were never written). */
  async release(reservation: MailQuotaReservation): Promise<void> {
    await runScript(this.options.redis, SCRIPTS.release, this.keys(reservation.companyId).slice(0, 2), [
      reservation.score,
      reservation.member,
      ...reservation.previous.flat(),
    ]);
  }
}
