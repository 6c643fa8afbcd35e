import { describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions } from './logger';

const token = 'Qm9va2luZy1saW5rLXRva2VuLTI1Ni1iaXRzLWxvbmc';

describe('logged URLs', () => {
  it('when a supplier’s offer link is requested, then the logged URL shows no token', () => {
    expect(loggableUrl(`/api/public/offers/${token}`)).toBe('/api/public/offers/[redacted]');
    expect(loggableUrl(`/api/public/offers/${token}?utm=mail`)).toBe('/api/public/offers/[redacted]');
    expect(loggableUrl(`/offer/${token}`)).toBe('/offer/[redacted]');
    expect(loggableUrl(`/API/Public/Offers/${token}`)).not.toContain(token);
  });

  it('when another URL is logged, then only its query string is dropped', () => {
    expect(loggableUrl('/api/auth/reset-password?token=abc')).toBe('/api/auth/reset-password');
    expect(loggableUrl('/api/offers/123/award')).toBe('/api/offers/123/award');
    expect(loggableUrl('/offers')).toBe('/offers');
  });

  it('when pino serializes a request, then it uses the redacted URL', () => {
    const serialize = loggerOptions('test', 'info').serializers!.req as (req: object) => { url: string };
    const logged = serialize({
      method: 'POST',
      url: `/api/public/offers/${token}`,
      headers: {},
      ip: '10.0.0.1',
    });
    expect(JSON.stringify(logged)).not.toContain(token);
  });
});
