import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { learnVessel } from '../src/data/vessels.repository';
import { startDirectory } from './harness';

describe('vessels', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());
  // A platform operator who is also their company's admin: the vessels they add are confirmed.
  const admin = makeUser({ role: 'admin', operator: true });

  const add = (payload: object, user = admin) =>
    d.app.inject({ method: 'POST', url: '/api/vessels', headers: bearer(user), payload });
  const search = (q: string, user = makeUser()) =>
    d.app.inject({
      method: 'GET',
      url: `/api/vessels/search-enhanced?q=${encodeURIComponent(q)}`,
      headers: bearer(user),
    });
  const imos = async (q: string, user: TestUser) =>
    (await search(q, user))
      .json()
      .map((v: { imo: string; pending: boolean }) => `${v.imo}${v.pending ? ' (pending)' : ''}`);

  it('when an operator adds vessels, then every company finds them by name or IMO with the spec’s result fields', async () => {
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
      pending: false,
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

  it('when an inquiry names a new IMO, then only that company finds it, once, until an operator confirms it', async () => {
    const named = makeUser();
    const other = makeUser();
    const values = {
      imo: '9811000',
      name: 'EVER ACE',
      ship_type: 'Container Ship',
      flag: 'PA',
      gross_tonnage: null,
      dwt: null,
      year_built: 2021,
    };
    const actor = { userId: named.userId, tenantId: named.tenantId };
    await learnVessel(d.deps.database.db, values, actor);
    await learnVessel(d.deps.database.db, { ...values, name: 'RENAMED' }, actor);
    // Another company names the same ship under a test-like name: its own, seen by no one else.
    await learnVessel(
      d.deps.database.db,
      { ...values, name: 'MV RFQ 42' },
      { userId: other.userId, tenantId: other.tenantId },
    );
    expect((await search('9811000', named)).json().map((v: { name: string }) => v.name)).toEqual([
      'EVER ACE',
    ]);
    expect(await imos('ever ace', named)).toEqual(['9811000 (pending)']);
    expect(await imos('ever ace', other)).toEqual([]);
    expect(await imos('ever ace', makeUser())).toEqual([]);
    expect(await imos('rfq', named)).toEqual([]);

    const pending = (
      await d.app.inject({ method: 'GET', url: '/api/vessels/pending', headers: bearer(admin) })
    ).json() as Array<{ id: string; imo: string; name: string }>;
    const ours = pending.filter((v) => v.imo === '9811000');
    expect(ours.map((v) => v.name).sort()).toEqual(['EVER ACE', 'MV RFQ 42']);
    const right = ours.find((v) => v.name === 'EVER ACE')!;
    const confirm = (id: string) =>
      d.app.inject({ method: 'POST', url: `/api/vessels/${id}/confirm`, headers: bearer(admin) });
    expect((await confirm(right.id)).json()).toEqual({
      success: true,
      detail: 'Vessel confirmed: every company now finds it.',
    });
    for (const user of [named, other, makeUser()])
      expect((await search('9811000', user)).json().map((v: { name: string }) => v.name)).toEqual([
        'EVER ACE',
      ]);
    expect(
      (
        (
          await d.app.inject({ method: 'GET', url: '/api/vessels/pending', headers: bearer(admin) })
        ).json() as Array<{
          imo: string;
        }>
      ).filter((v) => v.imo === '9811000'),
    ).toEqual([]);
    expect((await confirm(right.id)).statusCode).toBe(409);
    // Once confirmed, an inquiry naming it again adds nothing.
    await learnVessel(
      d.deps.database.db,
      { ...values, name: 'MV RFQ 43' },
      { userId: other.userId, tenantId: other.tenantId },
    );
    expect(await imos('rfq', other)).toEqual([]);
  });

  it('when a company admin adds a vessel, then it is their company’s own until confirmed', async () => {
    const companyAdmin = makeUser({ role: 'admin' });
    const res = await add({ imo: '9454436', name: 'CMA CGM Marco Polo' }, companyAdmin);
    expect(res.json()).toMatchObject({
      success: true,
      detail: 'Vessel added successfully! Only your company finds it until a platform operator confirms it.',
    });
    expect(await imos('marco polo', companyAdmin)).toEqual(['9454436 (pending)']);
    expect(await imos('marco polo', makeUser())).toEqual([]);
    expect((await add({ imo: '9454436', name: 'Again' }, companyAdmin)).statusCode).toBe(409);
    // Another company may name the same ship for itself.
    expect(
      (await add({ imo: '9454436', name: 'CMA CGM Marco Polo' }, makeUser({ role: 'admin' }))).statusCode,
    ).toBe(201);
  });
});
