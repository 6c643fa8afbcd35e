import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, createRedis, TokenRevocations } from '@mfd/service-kit';
import { uniqueRedisPrefix } from '@mfd/testing';
import { startOwnRedis, type OwnRedis } from '@mfd/testing';

const until = (check: () => Promise<boolean> | boolean, ms = 3000) =>
  new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + ms;
    const tick = async () => {
      if (await check()) return resolve();
      if (Date.now() > deadline) return reject(new Error('condition not met in time'));
      setTimeout(tick, 20);
    };
    void tick();
  });

const claims = (jti: string, sub = `user-${jti}`, iat = Math.floor(Date.now() / 1000) - 10) => ({
  jti,
  sub,
  iat,
});

describe('token revocations while Redis comes and goes', () => {
  let redis: OwnRedis;
  const clients: ReturnType<typeof createRedis>[] = [];
  const prefix = uniqueRedisPrefix();
  const lines: string[] = [];
  const log = {
    warn: (_o: object, m: string) => lines.push(`warn ${m}`),
    info: (m: string) => lines.push(`info ${m}`),
    error: (_o: object, m: string) => lines.push(`error ${m}`),
  };

  function instance(opts: { outageGraceMs?: number } = {}) {
    const client = createRedis(redis.url);
    clients.push(client);
    const revocations = new TokenRevocations(client, prefix, opts);
    revocations.reportTo(log);
    return { client, revocations };
  }

  beforeAll(async () => {
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis.stop();
  });

  it('when Redis is unreachable, then a revocation seen before stays refused, others are accepted for the grace period, then 503; revoking answers 503 at once', async () => {
    const a = instance();
    const b = instance({ outageGraceMs: 1500 });
    await until(() => b.client.status === 'ready');
    await a.revocations.revokeToken('logged-out', Math.floor(Date.now() / 1000) + 600);
    await a.revocations.revokeUserTokens('reset-user', 600);
    // B learns of both through the channel, before any outage.
    await until(async () => (await b.revocations.isRevoked(claims('logged-out'))) === true);

    await redis.stop();
    await until(() => b.client.status !== 'ready');
    expect(await b.revocations.isRevoked(claims('logged-out'))).toBe(true);
    expect(await b.revocations.isRevoked(claims('older-session', 'reset-user'))).toBe(true);
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect(await b.revocations.isRevoked(claims(`fresh-${i}`))).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
    expect(lines.filter((l) => l.startsWith('warn')).length).toBe(1);

    const revoking = performance.now();
    const refused = await b.revocations
      .revokeToken('cannot-promise', Math.floor(Date.now() / 1000) + 60)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(503);
    await expect(b.revocations.revokeUserTokens('someone', 60)).rejects.toMatchObject({ statusCode: 503 });
    expect(performance.now() - revoking).toBeLessThan(300);

    await new Promise((r) => setTimeout(r, 1600));
    await expect(b.revocations.isRevoked(claims('fresh-after-grace'))).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(lines.filter((l) => l.startsWith('error')).length).toBe(1);

    await redis.start();
    await until(() => b.client.status === 'ready', 10_000);
    expect(await b.revocations.isRevoked(claims('fresh-after-restart'))).toBe(false);
    expect(lines.at(-1)).toMatch(/^info Redis is reachable again/);
  });

  it('when a service connects after a revocation was made, then its copy is loaded and holds through an outage', async () => {
    const a = instance();
    await until(() => a.client.status === 'ready', 10_000);
    await a.revocations.revokeToken('revoked-earlier', Math.floor(Date.now() / 1000) + 600);
    const late = instance();
    await until(() => late.client.status === 'ready');
    await new Promise((r) => setTimeout(r, 200));
    await redis.stop();
    await until(() => late.client.status !== 'ready');
    expect(await late.revocations.isRevoked(claims('revoked-earlier'))).toBe(true);
    expect(await late.revocations.isRevoked(claims('never-revoked'))).toBe(false);
    await redis.start();
  });
});
