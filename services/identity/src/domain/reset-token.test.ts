import { describe, expect, it } from 'vitest';
import { hashResetToken, newResetToken } from './reset-token';

describe('password reset tokens', () => {
  it('when a token is made, then its stored hash is not the token and hashes back to the same value', () => {
    const { token, hash } = newResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain(token);
    expect(hashResetToken(token)).toBe(hash);
  });

  it('when two tokens are made, then they differ', () => {
    expect(newResetToken().token).not.toBe(newResetToken().token);
  });
});
