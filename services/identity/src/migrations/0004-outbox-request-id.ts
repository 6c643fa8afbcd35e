import type { Kysely } from 'kysely';
import { addOutboxRequestId } from '@mfd/queue';

/** Outbox rows remember the request that wrote them, so its id reaches the consumer's logs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addOutboxRequestId(db);
}
