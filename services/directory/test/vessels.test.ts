import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { upsertVessel } from '../src/data/vessels.repository';
import { startDirectory } from './harness';

describe('vessels', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());
  const admin = makeUser({ role: 'admin' });

  const add = (payload: object, user = admin) =>
    d.app.inject({ method: 'POST', url: '/api/vessels', headers: bearer(user), payload });
  const search = (q: string) =>
    d.app.inject({
      method: 'GET',
      url: `/api/vessels/search-enhanced?q=${encodeURIComponent(q)}`,
      headers: bearer(makeUser()),
    });

  it('when an admin adds vessels, then they are found by name or IMO with the spec’s result fields', async () => {
    expect(
      (
        await add({
          imo: '9703291',
          name: 'MSC Oscar',
          ship_type: 'Container Ship',
          flag: 'pa',
          dwt: 197362,
          year_built: 2015,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await add({ imo: 'IMO 9074729', name: 'Oscar Wilde', ship_type: 'Ferry', flag: 'BS' })).statusCode,
    ).toBe(201);
    const byName = (await search('oscar')).json();
    expect(byName.map((v: { name: string }) => v.name)).toEqual(['OSCAR WILDE', 'MSC OSCAR']);
    expect(byName[1]).toEqual({
      id: expect.any(String),
      display_name: 'MSC OSCAR (IMO: 9703291)',
      name: 'MSC OSCAR',
      subtitle: 'Container Ship · PA',
      vessel_type: 'Container Ship',
      flag: 'PA',
      imo: '9703291',
    });
    expect((await search('97032')).json().map((v: { imo: string }) => v.imo)).toEqual(['9703291']);
    expect((await search('o')).json()).toEqual([]);
  });

  it('when an IMO number fails its check digit, then 400 on imo; a duplicate IMO is 409; a trader cannot add', async () => {
    const bad = await add({ imo: '9703292', name: 'Wrong' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'imo', message: 'IMO number must be 7 digits with a valid check digit' },
    ]);
    await add({ imo: '9321483', name: 'Emma Maersk' });
    expect((await add({ imo: '9321483', name: 'Emma Maersk' })).statusCode).toBe(409);
    expect((await add({ imo: '9321483', name: 'Emma Maersk' }, makeUser())).statusCode).toBe(403);
  });

  it('when an inquiry names a vessel, then it is created once and kept on the second mention', async () => {
    const actor = { userId: admin.userId, tenantId: admin.tenantId };
    const values = {
      imo: '9811000',
      name: 'EVER ACE',
      ship_type: 'Container Ship',
      flag: 'PA',
      gross_tonnage: null,
      dwt: null,
      year_built: 2021,
    };
    const first = await upsertVessel(d.deps.database.db, values, actor);
    const second = await upsertVessel(d.deps.database.db, { ...values, name: 'RENAMED' }, actor);
    expect(second).toEqual(first);
    expect(first.name).toBe('EVER ACE');
  });
});
