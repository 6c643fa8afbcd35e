import type { Kysely } from 'kysely';
import {
  auditChanges,
  auditDetail,
  type AuditActorKind,
  type AuditChanges,
  type AuditDetail,
  type AuditEventType,
} from '@mfd/contracts';
import { currentRequestId } from '@mfd/queue';
import { insertAuditEvents } from '../data/audit.repository';
import type { InquiryDB } from '../data/db';

/** Who did it, with the name as it is now: the row keeps it whatever happens to the name later. */
export interface AuditActor {
  kind: AuditActorKind;
  id: string | null;
  name: string;
}

/** A user of the company: its id and name as the request's caller carries them. */
export const userActor = (caller: { userId: string; name: string }): AuditActor => ({
  kind: 'user',
  id: caller.userId,
  name: caller.name,
});

/** The who and the inquiry of a change a signed-in user makes, for `recordAudit`. */
export const byUser = (caller: { tenantId: string; userId: string; name: string }, inquiryId: string) => ({
  tenantId: caller.tenantId,
  inquiryId,
  actor: userActor(caller),
});

/** A supplier acting through its personal link, by the name the inquiry was sent to it under. */
export const supplierActor = (link: { supplier_id: string; supplier_name: string }): AuditActor => ({
  kind: 'supplier',
  id: link.supplier_id,
  name: link.supplier_name,
});

/** The mailer's reports of how mails ended. */
export const MAIL_DELIVERY_ACTOR: AuditActor = { kind: 'system', id: null, name: 'Mail delivery' };
/** The shared port register (an operator's approval or import, told by the directory). */
export const PORT_REGISTER_ACTOR: AuditActor = { kind: 'system', id: null, name: 'Port register' };

/** One row: its type decides the shape of its detail (libs/contracts `auditDetail`). */
export type AuditEntry = {
  [T in AuditEventType]: {
    tenantId: string;
    inquiryId: string;
    stemId?: string | null;
    actor: AuditActor;
    type: T;
    detail: AuditDetail<T>;
    /** Changed fields with their values before and after; none for an event that changes no field. */
    changes?: AuditChanges;
    /** When it happened, if not now (a mail's outcome: when the mailer saw it). */
    at?: Date;
    /** The request (or job) that caused it; by default the one the work runs under. */
    requestId?: string | null;
  };
}[AuditEventType];

/**
 * Appends to the inquiry's audit trail. Call it inside the transaction of the change it records,
 * so the row exists exactly when the change does; every use case that changes an inquiry or its
 * stems does (a one-line call after the change). Rows are never updated or deleted: PostgreSQL
 * refuses it. Detail and changes are checked against their contracts (bounded sizes) on the way
 * in, like outbox payloads. Answers the rows' sequence numbers.
 */
export async function recordAudit(
  trx: Kysely<InquiryDB>,
  entries: AuditEntry | AuditEntry[],
): Promise<number[]> {
  const list = Array.isArray(entries) ? entries : [entries];
  const requestId = currentRequestId();
  return insertAuditEvents(
    trx,
    list.map((entry) => ({
      tenant_id: entry.tenantId,
      inquiry_id: entry.inquiryId,
      stem_id: entry.stemId ?? null,
      actor_kind: entry.actor.kind,
      actor_id: entry.actor.id,
      actor_name: entry.actor.name.slice(0, 200) || 'Unknown',
      type: entry.type,
      detail: auditDetail[entry.type].parse(entry.detail),
      changes: auditChanges.parse(entry.changes ?? {}),
      request_id: entry.requestId === undefined ? requestId : entry.requestId,
      ...(entry.at ? { at: entry.at } : {}),
    })),
  );
}
