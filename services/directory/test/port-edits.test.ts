import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { PORT_IN_USE } from '../src/routes/port-edits';
import { startDirectory } from './harness';

describe('platform operators edit and delete ports', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());

  const trader = makeUser();
  const operator = makeUser({ operator: true });
  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, user = operator) =>
    d.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  async function addPort(unlocode: string, by = trader) {
    const res = await send('POST', '/api/ports', { unlocode, name: 'Harbour', country: 'NO' }, by);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it('when an operator edits a port a trader added, then the port reads the new values and records who edited it', async () => {
    const id = await addPort('NOQAA');
    const res = await send('PUT', `/api/ports/${id}`, {
      unlocode: 'NOQAA',
      name: 'Ålesund Havn',
      country: 'NO',
      timezone: 'Europe/Oslo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, detail: 'Port updated successfully!' });
    // Still the trader's company's own port: they read the new values.
    const found = (await send('GET', '/api/ports/NOQAA/lookup', undefined, trader)).json().port;
    expect(found).toMatchObject({ name: 'Ålesund Havn', timezone: 'Europe/Oslo' });
    const row = await d.deps.database.db
      .selectFrom('ports')
      .select(['name_ascii', 'updated_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name_ascii: 'Alesund Havn', updated_by: operator.userId });
  });

  it('when an edit gives a shared port the code of another, then 409 on unlocode; an unknown id is 404', async () => {
    const id = await addPort('NOQAB', operator);
    const dup = await send('PUT', `/api/ports/${id}`, { unlocode: 'SGSIN', name: 'Harbour', country: 'SG' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('unlocode');
    expect(
      (await send('PUT', `/api/ports/${randomUUID()}`, { unlocode: 'NOQAC', name: 'Harbour', country: 'NO' }))
        .statusCode,
    ).toBe(404);
  });

  it('when an operator deletes a port, then it is gone; one a supplier covers is kept with 409', async () => {
    const id = await addPort('NOQAD');
    expect((await send('DELETE', `/api/ports/${id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/ports/${id}`)).statusCode).toBe(404);

    const covered = await addPort('NOQAE');
    const supplier = await send(
      'POST',
      '/api/suppliers',
      { trading_name: 'Fjord Bunkers', default_email: 'desk@fjord.example', port_ids: [covered] },
      trader,
    );
    expect(supplier.statusCode, supplier.body).toBe(201);
    const refused = await send('DELETE', `/api/ports/${covered}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, detail: PORT_IN_USE });
    expect((await send('GET', '/api/ports/NOQAE/lookup', undefined, trader)).statusCode).toBe(200);
  });
});
