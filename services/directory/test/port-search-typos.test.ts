import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startDirectory } from './harness';

/**
 * The typeahead's typo pass asks its own index for a few candidates (migration 0012) where pg_trgm's
 * "%" checked every name sharing a third of the text's trigrams: its answers must stay what "%"
 * answers, short names sharing only a word's first letters included.
 */
describe('port typeahead: names close to a mistyped text', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  const searcher = makeUser({ tenantId: randomUUID() });
  const other = randomUUID();
  const suggested = async (q: string) => {
    const res = await d.app.inject({
      method: 'GET',
      url: `/api/ports/search?q=${encodeURIComponent(q)}&limit=10`,
      headers: bearer(searcher),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().map((p: { name: string }) => p.name);
  };
  /** What "%" offers the searching company: the names at least as similar as pg_trgm's threshold. */
  const closest = async (q: string) => {
    const { rows } = await sql<{ name: string }>`
      select name from ports
      where (tenant_id is null or tenant_id = ${searcher.tenantId}) and search_name % ${q}
      order by similarity(search_name, ${q}) desc, name limit 10`.execute(d.deps.database.db);
    return rows.map((r) => r.name);
  };

  beforeAll(async () => {
    d = await startDirectory();
    const db = d.deps.database.db;
    // Names of one to three syllables, some with a number, so that short and long names share the
    // first letters of the texts below.
    await sql`
      with syllables(s) as (select unnest(array['sa','ka','ma','ro','ter','dam','burg','sin','ga','pur','lu','an'])),
      numbered as (select row_number() over () as n, s from syllables)
      insert into ports (id, unlocode, name, name_ascii, country, timezone, source)
      select gen_random_uuid(), 'ZZ' || chr(65 + (i / 676) % 26) || chr(65 + (i / 26) % 26) || chr(65 + i % 26),
             initcap(a.s || case when i % 4 > 0 then b.s else '' end || case when i % 4 > 1 then c.s else '' end)
               || case when i % 3 = 0 then ' ' || i else '' end,
             initcap(a.s || case when i % 4 > 0 then b.s else '' end || case when i % 4 > 1 then c.s else '' end)
               || case when i % 3 = 0 then ' ' || i else '' end,
             'ZZ', 'UTC', 'unlocode'
      from generate_series(1, 3000) as i
      join numbered a on a.n = 1 + (i * 7) % 12
      join numbered b on b.n = 1 + (i * 5) % 12
      join numbered c on c.n = 1 + (i * 11) % 12
      on conflict do nothing`.execute(db);
    // Close to "san" only through the word's first letters ("Sa"), or through its end ("Sakan").
    // The same names held by another company as its own are never offered.
    await sql`
      insert into ports (id, tenant_id, unlocode, name, name_ascii, country, timezone, source)
      values (gen_random_uuid(), null, 'YYAAA', 'Sa', 'Sa', 'YY', 'UTC', 'manual'),
             (gen_random_uuid(), null, 'YYAAB', 'Sakan', 'Sakan', 'YY', 'UTC', 'manual'),
             (gen_random_uuid(), ${other}, 'YYAAC', 'Saa', 'Saa', 'YY', 'UTC', 'manual'),
             (gen_random_uuid(), ${other}, 'YYAAD', 'Sakkan', 'Sakkan', 'YY', 'UTC', 'manual')`.execute(db);
    await sql`analyze ports`.execute(db);
  });
  afterAll(() => d.close());

  it('when a short text matches no name, then it offers the short names sharing its first letters and the longer ones sharing more', async () => {
    const offered = await suggested('san');
    expect(offered).toContain('Sa');
    expect(offered).toContain('Sakan');
    expect(offered).not.toContain('Saa');
    expect(offered).not.toContain('Sakkan');
    expect(offered).toEqual(await closest('san'));
  });

  it('when texts of one or more words match no name, then it offers what pg_trgm\'s "%" finds, in the same order', async () => {
    let answered = 0;
    for (const q of [
      'kro',
      'sga',
      'rotterdan',
      'singapur',
      'hambrug',
      'sa ma',
      'burgs',
      'zzqx',
      'lupa',
      'ramu',
    ]) {
      const expected = await closest(q);
      // Only the typo pass answers these: nothing starts with or contains them.
      const { rows } = await sql`select 1 from ports where search_name like ${`%${q}%`}`.execute(
        d.deps.database.db,
      );
      expect(rows, q).toEqual([]);
      expect(await suggested(q), q).toEqual(expected);
      if (expected.length > 0) answered++;
    }
    expect(answered).toBeGreaterThanOrEqual(5);
  });
});
