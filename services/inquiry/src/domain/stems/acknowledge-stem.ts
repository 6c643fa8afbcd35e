import type { Kysely } from 'kysely';
import type { StemLinkClosedState } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { findStemLink, retireStemLink } from '../../data/stem-links.repository';
import { findStem, updateStem } from '../../data/stems.repository';
import { recordAudit } from '../audit';
import { offerTokenHash } from '../rfq/offer-link-token';
import { nextStemStatus } from './stem-lifecycle';
import { stemLinkClosedDetail, stemLinkState } from './stem-link-state';

/** An unknown acknowledgement link (404, like an unknown offer link). */
export class StemLinkNotFoundError extends Error {
  constructor() {
    super('This link is not valid.');
  }
}

/** A link that no longer acknowledges (410), with why. */
export class StemLinkClosedError extends Error {
  constructor(readonly state: StemLinkClosedState) {
    super(stemLinkClosedDetail(state));
  }
}

/**
 * The supplier acknowledges the stem through the personal link of the last send, once: who (the
 * name typed) and when are recorded, the stem moves sent -> acknowledged, the link retires and the
 * trail records it with the supplier as actor, in one transaction under the link's and stem's locks.
 */
/** The link's stem, locked, if the link still acknowledges; else why not. */
async function openLink(trx: Kysely<InquiryDB>, hash: Buffer, now: Date) {
  const link = await findStemLink(trx, hash);
  if (!link) throw new StemLinkNotFoundError();
  const stem = await findStem(trx, link.tenant_id, link.stem_id, true);
  if (!stem) throw new StemLinkNotFoundError();
  const state = stemLinkState({
    retired: link.retired_at !== null,
    superseded: link.superseded,
    expiresAt: link.expires_at,
    stemStatus: stem.status,
    now,
  });
  if (state !== 'open') throw new StemLinkClosedError(state);
  return stem;
}

/** Refuses (404, 410) a link that does not acknowledge, before its body is looked at. */
export async function assertStemLinkOpen(db: Kysely<InquiryDB>, token: string, now: Date): Promise<void> {
  await db.transaction().execute((trx) => openLink(trx, offerTokenHash(token), now));
}

export async function acknowledgeByLink(
  db: Kysely<InquiryDB>,
  token: string,
  name: string,
  now: Date,
): Promise<{ reference: string; acknowledgedAt: Date }> {
  return db.transaction().execute(async (trx) => {
    const hash = offerTokenHash(token);
    const stem = await openLink(trx, hash, now);
    const status = nextStemStatus(stem.status, 'acknowledge');
    await updateStem(trx, stem.tenant_id, stem.id, {
      status,
      acknowledged_at: now,
      acknowledged_by: name,
    });
    await retireStemLink(trx, hash, now);
    await recordAudit(trx, {
      tenantId: stem.tenant_id,
      inquiryId: stem.inquiry_id,
      stemId: stem.id,
      actor: { kind: 'supplier', id: stem.supplier_id, name: stem.supplier_name.slice(0, 200) },
      type: 'stem_acknowledged',
      detail: { reference: stem.reference, name: name.slice(0, 200) },
      changes: {
        status: { before: stem.status, after: status },
        acknowledged_by: { before: stem.acknowledged_by, after: name },
      },
    });
    return { reference: stem.reference, acknowledgedAt: now };
  });
}
