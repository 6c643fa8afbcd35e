import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { CLAIM_KIND_LABELS, type ClaimStatus, type ClaimView, type claimInput } from '@mfd/contracts';
import { claimDeadline, ClaimTransitionError, initialClaimStatus, nextClaimStatus } from '@mfd/stems';
import type { InquiryDB } from '../../data/db';
import {
  findClaim,
  findDelivery,
  insertClaim,
  lockBarredClaims,
  setClaimStatus,
} from '../../data/stem-life.repository';
import { findStem } from '../../data/stems.repository';
import { byUser, recordAudit, type AuditActor } from '../audit';
import type { Caller } from '../inquiries';
import { StemLifeConflictError, StemNotFoundError } from './stem-errors';
import { claimViewOf } from './stem-life-view';

/** The scheduled pass that bars claims left open past their time bar. */
export const TIME_BAR_ACTOR: AuditActor = { kind: 'system', id: null, name: 'Time bar' };

/**
 * Raises a claim against a delivered stem: its time bar runs from the BDN's delivered_at by the
 * stem's selling terms; one raised after the bar is recorded as time_barred (the trail keeps it).
 */
export async function raiseClaim(
  db: Kysely<InquiryDB>,
  caller: Caller,
  stemId: string,
  input: z.output<typeof claimInput>,
  now = new Date(),
): Promise<ClaimView> {
  return db.transaction().execute(async (trx) => {
    const stem = await findStem(trx, caller.tenantId, stemId, true);
    if (!stem) throw new StemNotFoundError('stem');
    const delivery = await findDelivery(trx, caller.tenantId, stemId);
    if (!delivery)
      throw new StemLifeConflictError('A claim is raised against a delivery: record the delivery first.');
    if (stem.status === 'closed')
      throw new StemLifeConflictError('This stem is closed: it takes no more claims.');
    const timeBarAt = claimDeadline(delivery.delivered_at, input.kind, stem.selling_terms);
    const status = initialClaimStatus(timeBarAt, now);
    const claim = await insertClaim(trx, {
      id: randomUUID(),
      stem_id: stemId,
      tenant_id: caller.tenantId,
      kind: input.kind,
      description: input.description,
      amount_usd: input.amount_usd,
      status,
      time_bar_at: new Date(timeBarAt),
      created_by: caller.userId,
    });
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId,
      type: 'claim_raised',
      detail: { reference: stem.reference, kind: input.kind, time_bar_at: timeBarAt },
      changes: {
        [`${CLAIM_KIND_LABELS[input.kind]} claim`]: { before: null, after: status },
        amount_usd: { before: null, after: input.amount_usd },
      },
    });
    return claimViewOf(claim);
  });
}

/** A trader's move on a claim (open → submitted → settled | rejected); refused moves are 409. */
export async function updateClaim(
  db: Kysely<InquiryDB>,
  caller: Caller,
  claimId: string,
  to: ClaimStatus,
  now = new Date(),
): Promise<ClaimView> {
  return db.transaction().execute(async (trx) => {
    const claim = await findClaim(trx, caller.tenantId, claimId, true);
    if (!claim) throw new StemNotFoundError('claim');
    const stem = await findStem(trx, caller.tenantId, claim.stem_id, true);
    if (!stem) throw new StemNotFoundError('claim');
    let status: ClaimStatus;
    try {
      status = nextClaimStatus(claim.status, to, claim.time_bar_at, now);
    } catch (err) {
      if (err instanceof ClaimTransitionError) throw new StemLifeConflictError(err.message);
      throw err;
    }
    const updated = await setClaimStatus(trx, caller.tenantId, claimId, status);
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId: stem.id,
      type: 'claim_updated',
      detail: { reference: stem.reference, kind: claim.kind },
      changes: { [`${CLAIM_KIND_LABELS[claim.kind]} claim`]: { before: claim.status, after: status } },
    });
    return claimViewOf(updated);
  });
}

/** The most claims one pass bars; the rest wait for the next pass. */
const MAX_PER_PASS = 200;

/**
 * The scheduled pass: open claims whose bar has passed become time_barred, each with its trail
 * row, in one transaction. Safe to repeat and to run in every replica: it only takes claims still
 * open, locked (SKIP LOCKED), so none is barred twice. Answers how many it barred.
 */
export async function barLapsedClaims(db: Kysely<InquiryDB>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const claims = await lockBarredClaims(trx, now, MAX_PER_PASS);
    for (const claim of claims) {
      const stem = await trx
        .selectFrom('stems')
        .select(['id', 'inquiry_id', 'reference'])
        .where('id', '=', claim.stem_id)
        .executeTakeFirstOrThrow();
      await setClaimStatus(trx, claim.tenant_id, claim.id, 'time_barred');
      await recordAudit(trx, {
        tenantId: claim.tenant_id,
        inquiryId: stem.inquiry_id,
        stemId: stem.id,
        actor: TIME_BAR_ACTOR,
        type: 'claim_updated',
        detail: { reference: stem.reference, kind: claim.kind },
        changes: { [`${CLAIM_KIND_LABELS[claim.kind]} claim`]: { before: 'open', after: 'time_barred' } },
      });
    }
    return claims.length;
  });
}
