import { randomUUID } from 'node:crypto';
import { sql, type ColumnType, type Generated, type Insertable, type Kysely } from 'kysely';
import { jobPayload, type JobPayload, type QueueName } from '@mfd/contracts';
import { currentRequestId } from './request-id';

export interface OutboxTable {
  id: string;
  queue: string;
  payload: JobPayload;
  created_at: ColumnType<Date, never, never>;
  /** When the relay last handed the row to the queue. */
  sent_at: Date | null;
  /** When the consumer confirmed it; until then the relay hands it over again now and then. */
  confirmed_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** The request that caused the row; its job carries it to the consumer's logs. */
  request_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each service's database interface includes this table: `interface DB extends WithOutbox {...}`. */
export interface WithOutbox {
  outbox: OutboxTable;
}

/**
 * Any service database (or transaction) that has an outbox table. Kysely's table map is
 * invariant, so a `Kysely<ServiceDB>` is accepted structurally and narrowed here.
 */
export interface OutboxDb {
  insertInto(table: 'outbox'): unknown;
}

export function asOutboxDb(db: OutboxDb): Kysely<WithOutbox> {
  return db as unknown as Kysely<WithOutbox>;
}

/** Migration step every producing service runs in its own schema. */
export async function createOutboxTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await sql`create index outbox_unsent_idx on outbox (created_at) where sent_at is null`.execute(db);
}

/** Migration step of the acknowledged outbox: a row is done when its consumer confirms it, not when it is queued. */
export async function addOutboxConfirmation(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('confirmed_at', 'timestamptz').execute();
  // Rows relayed before this step were handed over under the old rule: take them as confirmed.
  await sql`update outbox set confirmed_at = sent_at where sent_at is not null`.execute(db);
  await sql`create index outbox_unconfirmed_idx on outbox (sent_at) where confirmed_at is null`.execute(db);
}

/** Migration step: outbox rows remember the request that wrote them (see `writeOutbox`). */
export async function addOutboxRequestId(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('request_id', 'text').execute();
}

/**
 * Marks rows confirmed by their consumer and scrubs what a mail job carried (names, sealed links):
 * once the mail is out, nothing needs it again. Answers the ids confirmed now: a confirmation
 * that comes again (a redelivered event) is in none, so work done once per outcome keys on it.
 */
export async function confirmOutbox(db: OutboxDb, ids: string[]): Promise<string[]> {
  // Ids come from queued jobs; one that is no outbox id (not a uuid) confirms nothing.
  ids = ids.filter((id) => UUID.test(id));
  if (ids.length === 0) return [];
  const rows = await asOutboxDb(db)
    .updateTable('outbox')
    .set({
      confirmed_at: sql<Date>`now()`,
      payload: sql<JobPayload>`case when queue = 'mail.send' then jsonb_set(payload, '{mail,data}', '{}'::jsonb) else payload end`,
    })
    .where('id', 'in', ids)
    .where('confirmed_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Records a job in the same transaction as the change it belongs to; the relay moves it to
 * BullMQ after commit. Returns the outbox id, which becomes the BullMQ job id. The row records the
 * request (or job) it is written under (`withRequestId`).
 */
export async function writeOutbox(trx: OutboxDb, queue: QueueName, payload: JobPayload): Promise<string> {
  const [id] = await writeOutboxMany(trx, queue, [payload]);
  return id!;
}

/** `writeOutbox` for many jobs of one queue in one statement (a distribution's mails); ids in order. */
export async function writeOutboxMany(
  trx: OutboxDb,
  queue: QueueName,
  payloads: JobPayload[],
): Promise<string[]> {
  if (payloads.length === 0) return [];
  const rows = outboxRows(queue, payloads);
  await asOutboxDb(trx).insertInto('outbox').values(rows).execute();
  return rows.map((row) => row.id);
}

/**
 * The outbox rows of jobs, for a statement that writes them together with the change they
 * belong to (a data-modifying CTE) instead of in a transaction of its own.
 */
export function outboxRows(queue: QueueName, payloads: JobPayload[]): Insertable<OutboxTable>[] {
  const requestId = currentRequestId();
  // Checked on the way in: e.g. a mail job whose link is not sealed is refused here, not in the mailer.
  return payloads.map((payload) => ({
    id: randomUUID(),
    queue,
    payload: jobPayload.parse(payload),
    request_id: requestId,
  }));
}
