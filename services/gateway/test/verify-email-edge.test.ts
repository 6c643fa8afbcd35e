import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_VERIFIED_MESSAGE } from '@mfd/contracts';
import { hashResetToken } from '../../identity/src/domain/reset-token';
import { startGatewayStack, type GatewayStack } from './harness';

describe('gateway: the e-mail verification link', () => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack({ SIGNUP_PER_IP: '20' });
  });
  afterAll(() => s.close());

  const verify = (token: string, ip: string) =>
    s.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token }, remoteAddress: ip });

  it('when the page posts a valid token without a session, then identity verifies the address', async () => {
    const user = await s.identity.signUp();
    const token = `edge-${randomUUID()}`;
    await s.identity.deps.database.db
      .insertInto('email_verification_tokens')
      .values({
        id: randomUUID(),
        user_id: user.user_id,
        email: user.email,
        token_hash: hashResetToken(token),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    const res = await verify(token, '10.0.1.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, detail: EMAIL_VERIFIED_MESSAGE });
  });

  it('when one address tries more links than SIGNUP_PER_IP allows, then further attempts answer 429', async () => {
    for (let i = 0; i < 20; i++)
      expect((await verify(`guess-${i}-padding-padding-padding`, '10.0.1.2')).statusCode).toBe(400);
    const blocked = await verify('guess-final-padding-padding', '10.0.1.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
