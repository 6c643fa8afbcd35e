import type { Kysely } from 'kysely';
import type { InquiryDB } from '../../data/db';
import { insertLinkOpen, setLinkOpenAudit, touchLinkOpen } from '../../data/link-opens.repository';
import type { LinkRecipient } from '../../data/offer-links.repository';
import { recordAudit, supplierActor } from '../audit';

/**
 * A supplier opened its personal link. Cheap on purpose, a reload being no event of its own: a
 * link opened before costs one update (its last open and count); the first open also appends the
 * trail's row, in one transaction with the link's row pointing at it, so the timeline shows the
 * first open with the last one beside it.
 */
export async function recordLinkOpen(
  db: Kysely<InquiryDB>,
  link: LinkRecipient,
  tokenHash: Buffer,
  at: Date,
): Promise<void> {
  if (await touchLinkOpen(db, tokenHash, at)) return;
  await db.transaction().execute(async (trx) => {
    // Another request may have recorded the first open meanwhile: this one is a later open then.
    if (!(await insertLinkOpen(trx, { token_hash: tokenHash, tenant_id: link.tenant_id, at }))) {
      await touchLinkOpen(trx, tokenHash, at);
      return;
    }
    const [seq] = await recordAudit(trx, {
      tenantId: link.tenant_id,
      inquiryId: link.inquiry_id,
      actor: supplierActor(link),
      type: 'link_opened',
      detail: { supplier_name: link.supplier_name, email: link.email },
      at,
    });
    await setLinkOpenAudit(trx, tokenHash, seq!);
  });
}
