import { sql, type Kysely } from 'kysely';

/**
 * Offers as desks compare them: itemised charges kept per revision (the two lump sums become
 * lump-sum barging and other charges, in the tables and in every revision's snapshot alike),
 * index-linked lines, structured payment terms, and the benchmark values the trader compares
 * index-linked offers with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('offer_lines')
    .addColumn('pricing', 'text', (c) => c.notNull().defaultTo('fixed'))
    .addColumn('index_name', 'text')
    .addColumn('differential', sql`numeric(12, 2)`)
    .execute();
  await sql`alter table offer_lines alter column price_per_mt drop not null`.execute(db);
  await sql`alter table offer_lines drop constraint offer_lines_price`.execute(db);
  await sql`alter table offer_lines add constraint offer_lines_pricing check (
    (pricing = 'fixed' and price_per_mt > 0 and index_name is null and differential is null)
    or (pricing = 'index' and price_per_mt is null and index_name is not null and differential is not null)
  )`.execute(db);

  await db.schema
    .createTable('offer_charges')
    .addColumn('offer_id', 'uuid', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(14, 2)`, (c) => c.notNull())
    .addColumn('threshold_mt', sql`numeric(10, 1)`)
    .addColumn('amount_above', sql`numeric(14, 2)`)
    /** null: every line of the offer (no foreign key: the lines' ids as the supplier named them). */
    .addColumn('product_line_ids', sql`uuid[]`)
    .addColumn('note', 'text')
    .addPrimaryKeyConstraint('offer_charges_pk', ['offer_id', 'revision', 'position'])
    .addCheckConstraint(
      'offer_charges_kind',
      sql`kind in ('barging', 'wharfage', 'port_dues', 'overtime', 'demurrage', 'surveyor', 'tax', 'other')`,
    )
    .addCheckConstraint(
      'offer_charges_basis',
      sql`basis in ('lump_sum', 'per_mt', 'lump_sum_up_to', 'percent', 'per_hour')`,
    )
    .addCheckConstraint(
      'offer_charges_tariff',
      sql`(basis = 'lump_sum_up_to') = (threshold_mt is not null and amount_above is not null)
        and (basis = 'lump_sum_up_to' or (threshold_mt is null and amount_above is null))`,
    )
    .addCheckConstraint('offer_charges_amount', sql`amount >= 0 and (basis <> 'percent' or amount <= 100)`)
    .execute();

  await db.schema
    .alterTable('offers')
    .addColumn('payment_method', 'text')
    .addColumn('payment_days', 'integer')
    .addColumn('payment_basis', 'text')
    .execute();
  await sql`alter table offers add constraint offers_payment_check check (
    (payment_method is null and payment_days is null and payment_basis is null)
    or (payment_method = 'credit' and payment_days between 0 and 365 and payment_basis in ('delivery', 'invoice'))
    or (payment_method in ('prepayment', 'cash_on_delivery') and payment_days is null and payment_basis is null)
  )`.execute(db);

  // Every snapshot made before carries its two lump sums as charges, as a new one would.
  await sql`
    update offer_revisions set content = (content - 'barging_charges' - 'other_charges')
      || jsonb_build_object('charges', (
        select coalesce(jsonb_agg(c.charge order by c.position), '[]'::jsonb)
        from (
          select 0 as position, content->>'barging_charges' as amount, 'barging' as kind
          union all
          select 1, content->>'other_charges', 'other'
        ) l
        cross join lateral (
          select l.position, jsonb_build_object(
            'kind', l.kind, 'basis', 'lump_sum', 'amount', l.amount, 'threshold_mt', null,
            'amount_above', null, 'product_line_ids', null, 'note', null,
            'amount_usd', to_char(l.amount::numeric, 'FM999999999990.00'), 'contingent', false
          ) as charge
        ) c
        where coalesce(l.amount::numeric, 0) > 0
      ))`.execute(db);
  await sql`
    insert into offer_charges (offer_id, revision, position, tenant_id, kind, basis, amount)
    select r.offer_id, r.revision, (c.ordinality - 1)::int, r.tenant_id, c.charge->>'kind', 'lump_sum',
      (c.charge->>'amount')::numeric
    from offer_revisions r
    cross join lateral jsonb_array_elements(r.content->'charges') with ordinality as c(charge, ordinality)`.execute(
    db,
  );
  // The charges live in offer_charges alone now; offer views sum the lump sums from there.
  await db.schema.alterTable('offers').dropColumn('barging_charges').dropColumn('other_charges').execute();

  await db.schema
    .createTable('inquiry_index_values')
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    /** The name as matched: trimmed and lower case. */
    .addColumn('index_key', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('index_name', 'text', (c) => c.notNull())
    .addColumn('value', sql`numeric(12, 2)`, (c) => c.notNull())
    .addColumn('as_of', 'date', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('inquiry_index_values_pk', ['inquiry_id', 'index_key'])
    .addCheckConstraint('inquiry_index_values_value', sql`value > 0`)
    .execute();
}
