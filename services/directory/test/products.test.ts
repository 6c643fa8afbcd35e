import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startDirectory } from './harness';

describe('products', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());
  // Products are shared reference data: a platform operator changes them.
  const admin = makeUser({ role: 'admin', operator: true });
  const trader = makeUser();

  it('when anyone signed in lists products, then the three standard fuels are there with their sulfur limits', async () => {
    const res = await d.app.inject({ method: 'GET', url: '/api/products', headers: bearer(trader) });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((p: { code: string; sulfur_max: string; spec_version: string }) => [
          p.code,
          p.sulfur_max,
          p.spec_version,
        ]),
    ).toEqual([
      ['HSFO', '3.5', 'ISO8217:2017'],
      ['MGO', '0.1', 'ISO8217:2017'],
      ['VLSFO', '0.5', 'ISO8217:2017'],
    ]);
  });

  it('when an admin adds, edits and deletes a product, then the list follows; a duplicate code is 409', async () => {
    const add = await d.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: { code: 'ulsfo', spec_version: 'ISO8217:2024', sulfur_max: '0.1', aliases: ['ULSFO 0.1%'] },
    });
    expect(add.statusCode, add.body).toBe(201);
    const id = add.json().id;
    const dup = await d.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: { code: 'ULSFO', spec_version: 'ISO8217:2017', sulfur_max: 0.1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([
      { field: 'code', message: 'A product with code ULSFO already exists' },
    ]);

    const edit = await d.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin),
      payload: { code: 'ULSFO', spec_version: 'ISO8217:2017', sulfur_max: '0.100' },
    });
    expect(edit.json()).toEqual({ success: true, detail: 'Product updated successfully!' });
    const listed = (
      await d.app.inject({ method: 'GET', url: '/api/products', headers: bearer(trader) })
    ).json();
    expect(listed.find((p: { code: string }) => p.code === 'ULSFO')).toMatchObject({
      spec_version: 'ISO8217:2017',
      aliases: [],
    });

    expect(
      (await d.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await d.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(404);
  });

  it('when the sulfur limit comes as a JSON number, then it is taken exactly and answered as the decimal string written', async () => {
    const add = await d.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: { code: 'DMA01', spec_version: 'ISO8217:2024', sulfur_max: 0.1 },
    });
    expect(add.statusCode, add.body).toBe(201);
    const id = add.json().id;
    const find = async () =>
      (await d.app.inject({ method: 'GET', url: '/api/products', headers: bearer(trader) }))
        .json()
        .find((p: { id: string }) => p.id === id);
    expect((await find()).sulfur_max).toBe('0.1');
    const edit = await d.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin),
      payload: { code: 'DMA01', spec_version: 'ISO8217:2024', sulfur_max: 1.005 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await find()).sulfur_max).toBe('1.005');
    const refused = async (sulfur_max: unknown) =>
      (
        await d.app.inject({
          method: 'PUT',
          url: `/api/products/${id}`,
          headers: bearer(admin),
          payload: { code: 'DMA01', spec_version: 'ISO8217:2024', sulfur_max },
        })
      ).json().errors;
    expect(await refused(0.1 + 0.2)).toEqual([
      { field: 'sulfur_max', message: 'Max sulfur % must have at most 3 decimals' },
    ]);
    expect(await refused(100)).toEqual([
      { field: 'sulfur_max', message: 'Max sulfur % must be between 0 and 99.999' },
    ]);
    expect(await refused(null)).toEqual([{ field: 'sulfur_max', message: 'Max sulfur % is required' }]);
    expect(await refused('')).toEqual([{ field: 'sulfur_max', message: 'Max sulfur % is required' }]);
    expect((await find()).sulfur_max).toBe('1.005');
    await d.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) });
  });

  it('when product fields are bad, then 400 names each', async () => {
    const res = await d.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: { code: '', spec_version: 'ISO8217:1999', sulfur_max: 'lots' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['code', 'spec_version', 'sulfur_max']);
  });

  it('when a trader or a company admin who is no platform operator tries to change products, then 403', async () => {
    for (const user of [trader, makeUser({ role: 'admin' })]) {
      expect(
        (
          await d.app.inject({
            method: 'POST',
            url: '/api/products',
            headers: bearer(user),
            payload: { code: 'X', spec_version: 'ISO8217:2017', sulfur_max: '0.1' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await d.app.inject({
            method: 'POST',
            url: '/api/products/add-standard-fuels',
            headers: bearer(user),
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('when standard fuels are added twice after one was removed, then it comes back once', async () => {
    const mgo = (await d.app.inject({ method: 'GET', url: '/api/products', headers: bearer(admin) }))
      .json()
      .find((p: { code: string }) => p.code === 'MGO');
    await d.app.inject({ method: 'DELETE', url: `/api/products/${mgo.id}`, headers: bearer(admin) });
    const first = await d.app.inject({
      method: 'POST',
      url: '/api/products/add-standard-fuels',
      headers: bearer(admin),
    });
    expect(first.json()).toMatchObject({ success: true, added: 1 });
    const second = await d.app.inject({
      method: 'POST',
      url: '/api/products/add-standard-fuels',
      headers: bearer(admin),
    });
    expect(second.json()).toMatchObject({ success: true, added: 0 });
  });
});
