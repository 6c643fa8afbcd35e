import { sql, type Kysely } from 'kysely';

/** The UTC calendar month ("2026-11") of a moment, as the dashboard names months. */
const month = (at: string) => `to_char(${at} at time zone 'UTC', 'YYYY-MM')`;

/**
 * What one kept saving (a row of `rows`, award_savings' shape) adds to its month and customer,
 * times `sign`: the saving in the UTC month its inquiry was awarded (its first winning offer's),
 * counted only when the rule gave both figures, as the dashboard has always summed them.
 */
const savingsOf = (rows: string, sign: string) => `
  select a.tenant_id, a.month, a.customer_name,
    ${sign} * s.vs_average_usd as vs_average_usd, ${sign} * s.vs_highest_usd as vs_highest_usd,
    ${sign} as awarded
  from ${rows} s
  cross join lateral (
    select i.tenant_id, i.customer_name, ${month('min(o.awarded_at)')} as month
    from inquiries i
    join offers o on o.inquiry_id = i.id and o.tenant_id = i.tenant_id
    where i.id = s.inquiry_id and i.tenant_id = s.tenant_id
      and i.status = 'awarded' and o.status = 'awarded' and o.awarded_at is not null
    group by i.tenant_id, i.customer_name
  ) a
  where s.vs_average_usd is not null and s.vs_highest_usd is not null`;

/**
 * What one kept saving's award adds to the tonnes per month and product name as typed, times
 * `sign`: each winning offer's lines (awarded_line_ids; null: the whole inquiry) by their requested
 * max, in the month that offer was awarded. Counted with the kept saving, "none" included.
 */
const tonnesOf = (rows: string, sign: string) => `
  select o.tenant_id, ${month('o.awarded_at')} as month, p.product_name,
    ${sign} * p.quantity_mt_max as quantity_mt, ${sign} as lines
  from ${rows} s
  join inquiries i on i.id = s.inquiry_id and i.tenant_id = s.tenant_id and i.status = 'awarded'
  join offers o on o.inquiry_id = i.id and o.tenant_id = i.tenant_id
    and o.status = 'awarded' and o.awarded_at is not null
  join inquiry_products p on p.inquiry_id = o.inquiry_id and p.tenant_id = o.tenant_id
  where o.awarded_line_ids is null or p.id = any(o.awarded_line_ids)`;

/** Adds the contributions `source` gives (one row each) to the kept sums, one upsert per key. */
const addSavings = (source: string) => `
  insert into award_month_savings as t (tenant_id, month, customer_name, vs_average_usd, vs_highest_usd, awarded)
  select tenant_id, month, customer_name, sum(vs_average_usd), sum(vs_highest_usd), sum(awarded)
  from (${source}) d
  group by tenant_id, month, customer_name
  having sum(awarded) <> 0 or sum(vs_average_usd) <> 0 or sum(vs_highest_usd) <> 0
  order by tenant_id, month, customer_name
  on conflict (tenant_id, month, customer_name) do update set
    vs_average_usd = t.vs_average_usd + excluded.vs_average_usd,
    vs_highest_usd = t.vs_highest_usd + excluded.vs_highest_usd,
    awarded = t.awarded + excluded.awarded;`;
const addTonnes = (source: string) => `
  insert into award_month_tonnes as t (tenant_id, month, product_name, quantity_mt, lines)
  select tenant_id, month, product_name, sum(quantity_mt), sum(lines)
  from (${source}) d
  group by tenant_id, month, product_name
  having sum(lines) <> 0 or sum(quantity_mt) <> 0
  order by tenant_id, month, product_name
  on conflict (tenant_id, month, product_name) do update set
    quantity_mt = t.quantity_mt + excluded.quantity_mt,
    lines = t.lines + excluded.lines;`;
/** Adds the rows' count per company to company_counts' `column`. */
const addCount = (column: string, source: string) => `
  insert into company_counts as c (tenant_id, ${column})
  select tenant_id, sum(n) from (${source}) d
  group by tenant_id having sum(n) <> 0
  order by tenant_id
  on conflict (tenant_id) do update set ${column} = c.${column} + excluded.${column};`;

/**
 * The dashboard's savings per (UTC month, customer) and tonnes per (UTC month, product name) are
 * kept (issue 27, lists at volume): summing them on each visit read every award of the year and
 * every line of them (55,000 awards and 275,000 lines at 100,000 inquiries, 566-723 ms). They are
 * the sums over the kept savings (award_savings, migration 0024), so statement triggers on that
 * table add each row's award as it is written, in the writing transaction: the award's own (whole
 * or split), the dashboard's fill on read and the start-up backfill (an upsert over a row takes its
 * old figures away and adds the new). An award is final (its inquiry's customer, lines and winning
 * offers never change after it), so what a row added is what its removal takes away.
 *
 * company_counts also keeps each company's awarded inquiries and kept savings: when they are equal
 * no award lacks its saving, and the dashboard need not look for one among a year of awards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table award_month_savings (
    tenant_id uuid not null,
    month text not null,
    customer_name text,
    vs_average_usd numeric not null,
    vs_highest_usd numeric not null,
    -- awards counted (both figures given); a key whose awards all went keeps a row at zero
    awarded int not null,
    unique nulls not distinct (tenant_id, month, customer_name)
  )`.execute(db);
  await sql`create table award_month_tonnes (
    tenant_id uuid not null,
    month text not null,
    product_name text not null,
    quantity_mt numeric not null,
    lines int not null,
    primary key (tenant_id, month, product_name)
  )`.execute(db);
  await sql`alter table company_counts
    add column awarded_inquiries int not null default 0,
    add column kept_savings int not null default 0`.execute(db);

  const keptCount = (rows: string, sign: string) => `select tenant_id, ${sign} as n from ${rows}`;
  // company_counts first, then the sums (savings, then tonnes, each in key order): the order an
  // award's transaction takes them in (its inquiry's update counts first), so a fill on read
  // beside an award never deadlocks with it.
  await sql`create function sum_award_savings() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      ${sql.raw(addCount('kept_savings', keptCount('new_rows', '1')))}
      ${sql.raw(addSavings(savingsOf('new_rows', '1')))}
      ${sql.raw(addTonnes(tonnesOf('new_rows', '1')))}
    elsif tg_op = 'DELETE' then
      ${sql.raw(addCount('kept_savings', keptCount('old_rows', '-1')))}
      ${sql.raw(addSavings(savingsOf('old_rows', '-1')))}
      ${sql.raw(addTonnes(tonnesOf('old_rows', '-1')))}
    else
      ${sql.raw(addSavings(`${savingsOf('new_rows', '1')} union all ${savingsOf('old_rows', '-1')}`))}
      ${sql.raw(addTonnes(`${tonnesOf('new_rows', '1')} union all ${tonnesOf('old_rows', '-1')}`))}
    end if;
    return null;
  end $$`.execute(db);
  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const)
    await sql`create trigger ${sql.id(`award_savings_summed_${event}`)} after ${sql.raw(event)} on award_savings
      referencing ${sql.raw(tables)} for each statement execute function sum_award_savings()`.execute(db);

  const awardedCount = (rows: string, sign: string) =>
    `select tenant_id, ${sign} * (status = 'awarded')::int as n from ${rows}`;
  await sql`create function count_awarded_inquiries() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then ${sql.raw(addCount('awarded_inquiries', awardedCount('new_rows', '1')))}
    elsif tg_op = 'DELETE' then ${sql.raw(addCount('awarded_inquiries', awardedCount('old_rows', '-1')))}
    else ${sql.raw(addCount('awarded_inquiries', `${awardedCount('new_rows', '1')} union all ${awardedCount('old_rows', '-1')}`))}
    end if;
    return null;
  end $$`.execute(db);
  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const)
    await sql`create trigger ${sql.id(`inquiries_awarded_counted_${event}`)} after ${sql.raw(event)} on inquiries
      referencing ${sql.raw(tables)} for each statement execute function count_awarded_inquiries()`.execute(
      db,
    );

  // The awards kept before this migration.
  await sql.raw(addSavings(savingsOf('award_savings', '1'))).execute(db);
  await sql.raw(addTonnes(tonnesOf('award_savings', '1'))).execute(db);
  await sql.raw(addCount('kept_savings', keptCount('award_savings', '1'))).execute(db);
  await sql.raw(addCount('awarded_inquiries', awardedCount('inquiries', '1'))).execute(db);
}
