import type { Kysely } from 'kysely';
import { addOutboxConfirmation, addOutboxRequestId, createOutboxTable } from '@mfd/queue';

/** The directory tells the inquiry service of merged ports through an outbox, as the other producers do. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
  await addOutboxConfirmation(db);
  await addOutboxRequestId(db);
}
