import type { Kysely } from 'kysely';
import { MAX_JOB_BATCH, QUEUES, type JobPayload, type portInput } from '@mfd/contracts';
import { writeOutboxMany } from '@mfd/queue';
import type { z } from 'zod';
import type { Actor } from '../../data/actor';
import type { DirectoryDB } from '../../data/db';
import { lockPort, mergeOwnPortsIntoShared, sharePort } from '../../data/port-review.repository';
import { createPort } from '../../data/ports.repository';

/**
 * After a write that shares a code, in its transaction: every company's own port of a shared code
 * is merged into the shared port, and the inquiry service is told through the outbox (one event per
 * shared port), so the companies' inquiries name the shared port too.
 */
export async function mergeAndTell(trx: Kysely<DirectoryDB>): Promise<void> {
  const merges = await mergeOwnPortsIntoShared(trx);
  const at = new Date().toISOString();
  const events: JobPayload[] = merges.flatMap(({ port, merged }) => {
    const parts = [];
    for (let i = 0; i < merged.length; i += MAX_JOB_BATCH)
      parts.push({
        type: 'directory.ports-merged' as const,
        port,
        merged: merged.slice(i, i + MAX_JOB_BATCH),
        at,
      });
    return parts;
  });
  await writeOutboxMany(trx, QUEUES.inquiryEvents, events);
}

/**
 * A port added in the caller's transaction: a platform operator's is shared at once (and takes in
 * the companies' own ports of its code), anyone else's is their company's own until approved.
 * Null when the code is one the company sees already as shared.
 */
export async function addPort(
  trx: Kysely<DirectoryDB>,
  values: z.output<typeof portInput>,
  actor: Actor,
  { operator }: { operator: boolean },
): Promise<string | null> {
  const id = await createPort(trx, values, actor, { shared: operator });
  if (id && operator) await mergeAndTell(trx);
  return id;
}

export type Approval =
  | { outcome: 'missing' }
  | { outcome: 'already-shared' }
  | { outcome: 'shared' }
  | { outcome: 'merged'; unlocode: string };

/**
 * An operator approves a company's port: it becomes shared (or, when its code is shared already,
 * merges into that port), and every other company's own port of the code merges into it, all in
 * one transaction.
 */
export function approvePort(db: Kysely<DirectoryDB>, id: string, actor: Actor): Promise<Approval> {
  return db.transaction().execute(async (trx): Promise<Approval> => {
    const port = await lockPort(trx, id);
    if (!port) return { outcome: 'missing' };
    if (port.tenant_id === null) return { outcome: 'already-shared' };
    const shared = await sharePort(trx, port, actor);
    await mergeAndTell(trx);
    return shared ? { outcome: 'shared' } : { outcome: 'merged', unlocode: port.unlocode };
  });
}
