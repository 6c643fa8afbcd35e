import { sql, type Kysely, type Selectable } from 'kysely';
import type { MailStatus } from '@mfd/contracts';
import type { DistributionsTable, InquiryDB, InquiryRecipientsTable } from './db';

export type RecipientRow = Selectable<InquiryRecipientsTable>;

export async function insertDistribution(
  db: Kysely<InquiryDB>,
  values: Omit<Selectable<DistributionsTable>, 'created_at'>,
): Promise<void> {
  await db.insertInto('distributions').values(values).execute();
}

/**
 * Every address an inquiry went to, oldest first, with whether its supplier has an offer in (one
 * offer per supplier and inquiry; one it withdrew by declining is none).
 */
export function recipientsOfInquiry(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string) {
  return db
    .selectFrom('inquiry_recipients as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('offers as o')
            .select(sql`1`.as('one'))
            .whereRef('o.inquiry_id', '=', 'r.inquiry_id')
            .whereRef('o.supplier_id', '=', 'r.supplier_id')
            .where('o.status', 'not in', ['draft', 'withdrawn']),
        )
        .as('has_offer'),
    )
    .where('r.tenant_id', '=', tenantId)
    .where('r.inquiry_id', '=', inquiryId)
    .orderBy('r.first_sent_at')
    .orderBy('r.id')
    .execute();
}
export type RecipientWithOffer = Awaited<ReturnType<typeof recipientsOfInquiry>>[number];

/** The addresses an inquiry went to, in the order sent, at most `limit`, and how many in all. */
export async function listRecipientAddresses(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  limit: number,
) {
  const query = db
    .selectFrom('inquiry_recipients')
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId);
  const [rows, count] = await Promise.all([
    query
      .select(['supplier_name', 'contact_name', 'email'])
      // Addresses of one distribution share their first_sent_at: by name then, as a reader expects.
      .orderBy('first_sent_at')
      .orderBy('supplier_name')
      .orderBy(sql`contact_name nulls first`)
      .orderBy('email')
      .limit(limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export async function insertRecipients(
  db: Kysely<InquiryDB>,
  values: Pick<
    RecipientRow,
    | 'id'
    | 'tenant_id'
    | 'inquiry_id'
    | 'distribution_id'
    | 'supplier_id'
    | 'supplier_name'
    | 'contact_id'
    | 'contact_name'
    | 'email'
    | 'reply_by'
    | 'remind_at'
  >[],
): Promise<void> {
  if (values.length === 0) return;
  await db.insertInto('inquiry_recipients').values(values).execute();
}

/** The inquiry sent again to an address that had it, with the new distribution's reply-by and names. */
export async function markResent(
  db: Kysely<InquiryDB>,
  tenantId: string,
  id: string,
  values: Pick<
    RecipientRow,
    | 'distribution_id'
    | 'reply_by'
    | 'supplier_name'
    | 'contact_id'
    | 'contact_name'
    | 'remind_at'
    | 'reminder_state'
    | 'reminded_at'
    | 'reminder_note'
  >,
): Promise<void> {
  await db
    .updateTable('inquiry_recipients')
    .set({ ...values, last_sent_at: sql<Date>`now()`, send_count: sql<number>`send_count + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Only the hash of a link's token is kept (writeLinkMails retires the recipient's older links first). */
export async function insertOfferLinks(
  db: Kysely<InquiryDB>,
  links: { recipient_id: string; token_hash: Buffer }[],
): Promise<void> {
  if (links.length === 0) return;
  await db.insertInto('offer_links').values(links).execute();
}

/**
 * New mails to the addresses are on their way: each delivery starts over and only its mail's
 * events count. The first mail to an address starts its thread.
 */
export async function trackRecipientMails(
  db: Kysely<InquiryDB>,
  mails: { tenantId: string; recipientId: string; jobId: string }[],
): Promise<void> {
  if (mails.length === 0) return;
  const tenants = mails.map((m) => m.tenantId);
  const ids = mails.map((m) => m.recipientId);
  const jobIds = mails.map((m) => m.jobId);
  await sql`
    update inquiry_recipients r
    set mail_job_id = m.job_id, thread_job_id = coalesce(r.thread_job_id, m.job_id), mail_status = 'queued',
        mail_attempts = 0, mail_error = null, mail_status_at = now()
    from unnest(${tenants}::uuid[], ${ids}::uuid[], ${jobIds}::text[]) as m(tenant_id, id, job_id)
    where r.id = m.id and r.tenant_id = m.tenant_id`.execute(db);
}

/** How one mail to a recipient went, as its `mail.status` event says. */
export interface RecipientMailStatus {
  recipientId: string;
  jobId: string;
  status: MailStatus;
  attempts: number;
  error: string | null;
  at: Date;
}

/**
 * Records how recipients' latest mails went, in one statement. An event names the recipient by id
 * only (the mailer knows no tenant); of several for one mail the newest counts, and one of an
 * earlier mail, or older than the row's status, is a late or repeated delivery and changes nothing.
 */
export async function applyMailStatuses(db: Kysely<InquiryDB>, events: RecipientMailStatus[]): Promise<void> {
  if (events.length === 0) return;
  const column = <K extends keyof RecipientMailStatus>(key: K) => events.map((e) => e[key]);
  await sql`
    update inquiry_recipients r
    set mail_status = e.status, mail_attempts = e.attempts, mail_error = e.error, mail_status_at = e.at
    from (
      select distinct on (id, job_id) *
      from unnest(${column('recipientId')}::uuid[], ${column('jobId')}::text[], ${column('status')}::text[],
                  ${column('attempts')}::int[], ${column('error')}::text[], ${column('at')}::timestamptz[])
        as e(id, job_id, status, attempts, error, at)
      order by id, job_id, at desc
    ) e
    -- A late event of an earlier mail (before a resend) or an older event of this one changes nothing.
    where r.id = e.id and r.mail_job_id = e.job_id and r.mail_status_at <= e.at`.execute(db);
}

/**
 * The invitation job of each address an inquiry went to, by `threadKey(supplier, address)`: the
 * award and not-awarded notes go to an offer's supplier address and reply to its invitation.
 */
export async function invitationJobIds(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('inquiry_recipients')
    .select(['supplier_id', 'email', 'thread_job_id'])
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('thread_job_id', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [threadKey(r.supplier_id, r.email), r.thread_job_id!]));
}

export const threadKey = (supplierId: string, email: string) => `${supplierId} ${email.toLowerCase()}`;

/** The inquiry a mail was about, and the supplier it went to. */
export interface MailSubject {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  supplier_name: string | null;
}

/**
 * The inquiry each mail reference is about: a recipient (its invitation, amendment or cancel
 * notice), an offer (its award or not-awarded note) or a stem (its confirmation). Like the events that name them,
 * references carry no tenant; the rows found carry theirs.
 */
export async function mailSubjects(db: Kysely<InquiryDB>, ids: string[]): Promise<Map<string, MailSubject>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'tenant_id', 'inquiry_id', 'supplier_name'])
    .where('id', 'in', ids)
    .unionAll(
      db
        .selectFrom('inquiry_recipients')
        .select(['id', 'tenant_id', 'inquiry_id', 'supplier_name'])
        .where('id', 'in', ids),
    )
    .unionAll(
      db
        .selectFrom('stems')
        .select(['id', 'tenant_id', 'inquiry_id', 'supplier_name'])
        .where('id', 'in', ids),
    )
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many addresses the inquiry went to: whom an amendment reaches. */
export async function countRecipients(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string) {
  const row = await db
    .selectFrom('inquiry_recipients')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirstOrThrow();
  return row.total;
}

/** A new reply-by for every address of the inquiry (an amendment that moves it); their links close then. */
export async function setReplyBy(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string, replyBy: Date) {
  await db
    .updateTable('inquiry_recipients')
    .set({ reply_by: replyBy })
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .execute();
}
