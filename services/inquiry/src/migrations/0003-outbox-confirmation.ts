import type { Kysely } from 'kysely';
import { addOutboxConfirmation } from '@mfd/queue';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addOutboxConfirmation(db);
}
