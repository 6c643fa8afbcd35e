import { sql, type Kysely } from 'kysely';

/**
 * Every inquiry has an owner, a member of the company (its creator at first): the one its alerts
 * go to and whose signature its supplier mails carry. The owner's name is kept with the id, as
 * the trail keeps names, so lists show it without asking identity. Existing inquiries are owned
 * by their creator, named as the trail recorded the creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('owner_id', 'uuid')
    .addColumn('owner_name', 'text')
    .execute();
  await sql`update inquiries i set owner_id = i.created_by,
    owner_name = coalesce(
      (select a.actor_name from audit_events a
        where a.inquiry_id = i.id and a.type = 'inquiry_created' order by a.seq limit 1),
      (select a.actor_name from audit_events a
        where a.tenant_id = i.tenant_id and a.actor_id = i.created_by order by a.seq desc limit 1),
      'Unknown user')`.execute(db);
  await db.schema
    .alterTable('inquiries')
    .alterColumn('owner_id', (c) => c.setNotNull())
    .alterColumn('owner_name', (c) => c.setNotNull())
    .execute();
  await sql`create index inquiries_owner_idx on inquiries (tenant_id, owner_id, created_at desc)`.execute(db);
}
