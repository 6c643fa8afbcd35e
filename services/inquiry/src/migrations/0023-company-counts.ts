import { sql, type Kysely } from 'kysely';

/** The dashboard's Active Inquiries when this migration was written (ACTIVE_INQUIRY_STATUSES). */
const ACTIVE = `('draft', 'distributed', 'quoting')`;

/**
 * The dashboard's totals per company, kept by the writes themselves (issue 27, lists at volume):
 * counting them on each visit read 100,000 inquiries and 300,000 offers (index-only, still
 * 30-110 ms on the bench's machine). Statement triggers with transition tables add each
 * statement's rows in one upsert per company, in the writing transaction, so the figures are
 * exact and a rolled-back write counts nothing. An update that moves nothing between the counted
 * sets (most of them: an edit, an award) leaves the row alone, so it takes no lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table company_counts (
    tenant_id uuid primary key,
    inquiries int not null default 0,
    active_inquiries int not null default 0,
    -- every offer but a draft, as Total Offers counts them
    offers int not null default 0
  )`.execute(db);
  await countingTriggers(db, 'inquiries', {
    inquiries: '1',
    active_inquiries: `(status in ${ACTIVE})::int`,
  });
  await countingTriggers(db, 'offers', { offers: `(status <> 'draft')::int` });
  await sql`insert into company_counts (tenant_id, inquiries, active_inquiries, offers)
    select i.tenant_id, i.n, i.a, coalesce(o.n, 0)
    from (select tenant_id, count(*) as n, count(*) filter (where status in ${sql.raw(ACTIVE)}) as a
      from inquiries group by tenant_id) i
    left join (select tenant_id, count(*) as n from offers where status <> 'draft' group by tenant_id) o
      using (tenant_id)`.execute(db);
}

/**
 * Triggers adding each statement's rows of `table` to company_counts: `counts` gives a row's
 * contribution to each column (taken away for the rows an update or delete removes). A transition
 * table exists only for the events that have it, hence one branch per event.
 */
async function countingTriggers(db: Kysely<unknown>, table: string, counts: Record<string, string>) {
  const columns = Object.keys(counts);
  const rows = (from: 'new_rows' | 'old_rows', sign: string) =>
    `select tenant_id, ${columns.map((c) => `${sign}${counts[c]} as ${c}`).join(', ')} from ${from}`;
  const add = (source: string) => `
    insert into company_counts as c (tenant_id, ${columns.join(', ')})
    select tenant_id, ${columns.map((c) => `sum(${c})`).join(', ')} from (${source}) d
    group by tenant_id having ${columns.map((c) => `sum(${c}) <> 0`).join(' or ')}
    order by tenant_id
    on conflict (tenant_id) do update set ${columns.map((c) => `${c} = c.${c} + excluded.${c}`).join(', ')};`;
  const fn = `count_${table}`;
  await sql`create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then ${sql.raw(add(rows('new_rows', '')))}
    elsif tg_op = 'DELETE' then ${sql.raw(add(rows('old_rows', '-')))}
    else ${sql.raw(add(`${rows('new_rows', '')} union all ${rows('old_rows', '-')}`))}
    end if;
    return null;
  end $$`.execute(db);
  const t = sql.id(table);
  const f = sql.raw(fn);
  await sql`create trigger ${sql.id(`${table}_counted_insert`)} after insert on ${t}
    referencing new table as new_rows for each statement execute function ${f}()`.execute(db);
  await sql`create trigger ${sql.id(`${table}_counted_update`)} after update on ${t}
    referencing old table as old_rows new table as new_rows for each statement execute function ${f}()`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${table}_counted_delete`)} after delete on ${t}
    referencing old table as old_rows for each statement execute function ${f}()`.execute(db);
}
