import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startDirectory } from './harness';

describe('port search without regard to accents', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  const user = makeUser({ role: 'admin', operator: true });
  const get = (url: string) => d.app.inject({ method: 'GET', url, headers: bearer(user) });
  beforeAll(async () => {
    d = await startDirectory();
    for (const [unlocode, name] of [
      ['NOAES', 'Ålesund'],
      ['NOTOS', 'Tromsø'],
      ['NOKRS', 'Kristiansand'],
    ]) {
      const res = await d.app.inject({
        method: 'POST',
        url: '/api/ports',
        headers: bearer(user),
        payload: { unlocode, name, country: 'NO' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => d.close());

  const listed = async (q: string) =>
    (await get(`/api/ports?q=${encodeURIComponent(q)}`))
      .json()
      .items.map((p: { unlocode: string }) => p.unlocode);
  const suggested = async (q: string) =>
    (await get(`/api/ports/search?q=${encodeURIComponent(q)}`))
      .json()
      .map((p: { unlocode: string }) => p.unlocode);

  it('when the Admin ports list is searched with or without accents, then it finds the port either way', async () => {
    expect(await listed('Ålesund')).toEqual(['NOAES']);
    expect(await listed('alesund')).toEqual(['NOAES']);
    // ø has no decomposition: only unaccent folds it to o.
    expect(await listed('Tromso')).toEqual(['NOTOS']);
    expect(await listed('TROMSØ')).toEqual(['NOTOS']);
    expect(await listed('Ålésünd')).toEqual(['NOAES']);
  });

  it('when the port typeahead is given accented text, then it finds the unaccented spelling too', async () => {
    expect(await suggested('Åles')).toEqual(['NOAES']);
    expect(await suggested('trømso')).toEqual(['NOTOS']);
    expect(await suggested('NO Kristiánsand')).toEqual(['NOKRS']);
  });
});
