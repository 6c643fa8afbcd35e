import { sql, type Kysely } from 'kysely';

/**
 * Each offer's response time kept on its row, so the comparison reads a column (issue 27, the
 * Offers tab's 200 offers): computed on every read, its two lookups per offer took 1.2 ms of the
 * query's 1.3 and about 1.5 ms of the call's p50.
 *
 * Seconds from the offer's first mail (its recipient's first_sent_at) to its first submission (its
 * earliest revision), whole, half up, never below 0; both dates truncated to milliseconds, as a JS
 * Date holds them. Null without either (a manual offer): hence the row filter, since greatest()
 * skips a null. Triggers in the writing transaction refresh it whenever what it rests on changes
 * (the offer's revisions, its recipient, the recipient's first mail), whoever writes (a
 * submission, the seed, SQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers add column response_seconds integer`.execute(db);

  await sql`create function refresh_response_seconds(offer_ids uuid[]) returns void language sql as $$
    update offers o set response_seconds = t.seconds
    from (
      select x.id, (
        select greatest(0, round(d))::int
        from (select extract(epoch from
          date_trunc('milliseconds', (select min(submitted_at) from offer_revisions where offer_id = x.id))
          - date_trunc('milliseconds', r.first_sent_at)) as d
          from inquiry_recipients r where r.id = x.recipient_id) as apart
        where d is not null) as seconds
      from offers x where x.id = any(offer_ids)
    ) t
    where o.id = t.id and o.response_seconds is distinct from t.seconds;
  $$`.execute(db);

  // Revisions come in bulk (the seed): one refresh per statement.
  await sql`create function response_seconds_revisions_changed() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      perform refresh_response_seconds(array(select distinct offer_id from new_rows));
    elsif tg_op = 'DELETE' then
      perform refresh_response_seconds(array(select distinct offer_id from old_rows));
    else
      perform refresh_response_seconds(array(select offer_id from new_rows union select offer_id from old_rows));
    end if;
    return null;
  end $$`.execute(db);
  for (const [event, referencing] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const)
    await sql`create trigger ${sql.id(`offer_revisions_response_seconds_${event}`)} after ${sql.raw(event)}
      on offer_revisions referencing ${sql.raw(referencing)}
      for each statement execute function response_seconds_revisions_changed()`.execute(db);

  // Only a new recipient refreshes: the refresh's own update of the offers changes none, so it stops there.
  await sql`create function response_seconds_recipient_changed() returns trigger language plpgsql as $$
  declare
    changed uuid[] := array(
      select n.id from new_rows n join old_rows o on o.id = n.id
      where n.recipient_id is distinct from o.recipient_id);
  begin
    if cardinality(changed) > 0 then
      perform refresh_response_seconds(changed);
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger offers_response_seconds_update after update on offers
    referencing old table as old_rows new table as new_rows
    for each statement execute function response_seconds_recipient_changed()`.execute(db);

  // A recipient's first mail is written once; a correction by SQL is rare: one row each.
  await sql`create function response_seconds_first_sent_changed() returns trigger language plpgsql as $$
  begin
    perform refresh_response_seconds(array(select id from offers where recipient_id = new.id));
    return null;
  end $$`.execute(db);
  await sql`create trigger inquiry_recipients_response_seconds_update after update of first_sent_at
    on inquiry_recipients for each row when (old.first_sent_at is distinct from new.first_sent_at)
    execute function response_seconds_first_sent_changed()`.execute(db);

  await sql`select refresh_response_seconds(array(select id from offers where recipient_id is not null))`.execute(
    db,
  );
}
