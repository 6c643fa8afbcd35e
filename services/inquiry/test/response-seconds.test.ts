import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '@mfd/db';
import { dropSchemas, testInfra, uniqueSchema } from '@mfd/testing';
import { migrations } from '../src/migrations';

/** The migrations before the offers kept their response time, to lay down offers as they were stored then. */
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0030'));

const MAIL = '2026-03-02T08:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(MAIL) + seconds * 1000).toISOString();

describe("an offer's kept response time", () => {
  const schema = uniqueSchema('inquiry');
  afterAll(() => dropSchemas(testInfra().pgUrl, [schema]));

  it('when offers were stored before it was kept, then the migration fills it, and every later write that moves it (a revision, a recipient, a first mail) moves it', async () => {
    const database = createDatabase({ url: testInfra().pgUrl, schema });
    const db = database.db as Kysely<unknown>;
    try {
      await migrateToLatest(db, database.pool, schema, before);
      const [tenant, inquiry, distribution] = [randomUUID(), randomUUID(), randomUUID()];
      const trader = randomUUID();
      await sql`insert into inquiries (id, tenant_id, created_by, owner_id, owner_name, vessel_name)
        values (${inquiry}, ${tenant}, ${trader}, ${trader}, 'Trader', 'MSC OSCAR')`.execute(db);
      await sql`insert into distributions (id, tenant_id, inquiry_id, sent_by, reply_by)
        values (${distribution}, ${tenant}, ${inquiry}, ${randomUUID()}, ${at(86400)})`.execute(db);
      const recipient = async (firstSent: string) => {
        const id = randomUUID();
        await sql`insert into inquiry_recipients (id, tenant_id, inquiry_id, distribution_id, supplier_id, supplier_name,
          email, reply_by, first_sent_at) values (${id}, ${tenant}, ${inquiry}, ${distribution}, ${randomUUID()},
          'Supplier', ${`${id}@supplier.example`}, ${at(86400)}, ${firstSent})`.execute(db);
        return id;
      };
      const offer = async (recipientId: string | null, revisions: string[]) => {
        const id = randomUUID();
        await sql`insert into offers (id, tenant_id, inquiry_id, supplier_id, recipient_id, status, revision)
          values (${id}, ${tenant}, ${inquiry}, ${randomUUID()}, ${recipientId}, 'submitted', ${revisions.length})`.execute(
          db,
        );
        for (const [i, submitted] of revisions.entries())
          await sql`insert into offer_revisions (offer_id, revision, tenant_id, source, submitted_at, content)
            values (${id}, ${i + 1}, ${tenant}, 'link', ${submitted}, '{}'::jsonb)`.execute(db);
        return id;
      };
      const mailed = await recipient(MAIL);
      const revised = await offer(mailed, [at(90.4), at(600)]);
      const halfUp = await offer(await recipient(MAIL), [at(2.5)]);
      const early = await offer(await recipient(MAIL), [at(-30)]);
      const manual = await offer(null, [at(120)]);
      const unsubmitted = await offer(await recipient(MAIL), []);

      await migrateToLatest(db, database.pool, schema, migrations);

      const seconds = async (id: string) =>
        (
          await sql<{ s: number | null }>`select response_seconds as s from offers where id = ${id}`.execute(
            db,
          )
        ).rows[0]!.s;
      // From the first mail to the first revision: whole seconds, half up, never below 0; none without both.
      expect(await seconds(revised)).toBe(90);
      expect(await seconds(halfUp)).toBe(3);
      expect(await seconds(early)).toBe(0);
      expect(await seconds(manual)).toBeNull();
      expect(await seconds(unsubmitted)).toBeNull();

      await sql`insert into offer_revisions (offer_id, revision, tenant_id, source, submitted_at, content)
        values (${unsubmitted}, 1, ${tenant}, 'link', ${at(45)}, '{}'::jsonb)`.execute(db);
      expect(await seconds(unsubmitted)).toBe(45);
      // A later revision is not the first submission.
      await sql`insert into offer_revisions (offer_id, revision, tenant_id, source, submitted_at, content)
        values (${revised}, 3, ${tenant}, 'link', ${at(900)}, '{}'::jsonb)`.execute(db);
      expect(await seconds(revised)).toBe(90);
      await sql`update offer_revisions set submitted_at = ${at(30)} where offer_id = ${revised} and revision = 1`.execute(
        db,
      );
      expect(await seconds(revised)).toBe(30);
      await sql`update inquiry_recipients set first_sent_at = ${at(-60)} where id = ${mailed}`.execute(db);
      expect(await seconds(revised)).toBe(90);
      await sql`update offers set recipient_id = ${await recipient(at(100))} where id = ${manual}`.execute(
        db,
      );
      expect(await seconds(manual)).toBe(20);
      await sql`update offers set recipient_id = null where id = ${manual}`.execute(db);
      expect(await seconds(manual)).toBeNull();
      await sql`delete from offer_revisions where offer_id = ${halfUp}`.execute(db);
      expect(await seconds(halfUp)).toBeNull();
    } finally {
      await database.close();
    }
  });
});
