import type { Kysely } from 'kysely';
import { addOutboxConfirmation } from '@mfd/queue';

/** Outbox rows stay until the mailer confirms them (the acknowledged outbox). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addOutboxConfirmation(db);
}
