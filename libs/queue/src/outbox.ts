import { randomUUID } from 'node:crypto';
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { JobPayload, QueueName } from '@mfd/contracts';

export interface OutboxTable {
  id: string;
  queue: string;
  payload: JobPayload;
  created_at: ColumnType<Date, never, never>;
  sent_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

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

/**
 * Records a job in the same transaction as the change it belongs to; the relay moves it to
 * BullMQ after commit. Returns the outbox id, which becomes the BullMQ job id.
 */
export async function writeOutbox(
  trx: OutboxDb,
  queue: QueueName,
  payload: JobPayload,
): Promise<string> {
  const id = randomUUID();
  await asOutboxDb(trx).insertInto('outbox').values({ id, queue, payload }).execute();
  return id;
}
