import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { deliveryInput, DocumentType } from '@mfd/contracts';
import { deliveryVariances } from '@mfd/stems';
import type { InquiryDB } from '../../data/db';
import { findDelivery, insertDelivery } from '../../data/stem-life.repository';
import { findStem, stemLines, updateStem } from '../../data/stems.repository';
import { byUser, recordAudit } from '../audit';
import type { Caller } from '../inquiries';
import type { DocumentStore, StoredDocument } from './document-store';
import { StemInputError, StemLifeConflictError, StemNotFoundError } from './stem-errors';
import { nextStemStatus } from './stem-lifecycle';

/**
 * Records the bunker delivery note of a sent (or acknowledged) stem, every line of it, and moves
 * the stem to delivered; the variances it shows are recorded with it in the trail.
 */
export async function recordDelivery(
  db: Kysely<InquiryDB>,
  caller: Caller,
  stemId: string,
  input: z.output<typeof deliveryInput>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stem = await findStem(trx, caller.tenantId, stemId, true);
    if (!stem) throw new StemNotFoundError('stem');
    const status = nextStemStatus(stem.status, 'deliver');
    if (await findDelivery(trx, caller.tenantId, stemId))
      throw new StemLifeConflictError('This stem’s delivery is already recorded.');
    const lines = await stemLines(trx, caller.tenantId, stemId);
    const known = new Set(lines.map((l) => l.product_line_id));
    const given = new Set(input.lines.map((l) => l.product_line_id));
    const errors = [
      ...input.lines.flatMap((l, i) =>
        known.has(l.product_line_id)
          ? []
          : [{ field: `lines.${i}.product_line_id`, message: 'This stem has no such fuel line' }],
      ),
      ...lines.flatMap((l) =>
        given.has(l.product_line_id)
          ? []
          : [{ field: 'lines', message: `Give the delivered quantity of ${l.product_name}` }],
      ),
    ];
    if (errors.length > 0) throw new StemInputError(errors);
    await insertDelivery(
      trx,
      {
        stem_id: stemId,
        tenant_id: caller.tenantId,
        bdn_number: input.bdn_number,
        delivered_at: new Date(input.delivered_at),
        barge_name: input.barge_name,
        seals: input.seals,
        remarks: input.remarks,
        recorded_by: caller.userId,
      },
      input.lines,
    );
    await updateStem(trx, caller.tenantId, stemId, { status });
    const variances = deliveryVariances(lines, input.lines);
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId,
      type: 'stem_delivered',
      detail: {
        reference: stem.reference,
        bdn_number: input.bdn_number,
        variances: variances.map((v) => v.detail.slice(0, 200)).slice(0, 20),
      },
      changes: {
        status: { before: stem.status, after: status },
        delivered_at: { before: null, after: new Date(input.delivered_at).toISOString() },
        ...Object.fromEntries(
          input.lines.map((l) => {
            const name = lines.find((s) => s.product_line_id === l.product_line_id)?.product_name ?? 'Line';
            return [`${name} delivered (MT)`, { before: null, after: l.quantity_mt }];
          }),
        ),
      },
    });
  });
}

/**
 * Keeps an uploaded BDN document (already checked: at most 10 MB, a PDF, JPEG or PNG by its
 * bytes) on a stem that has been sent; a closed stem takes no more.
 */
export async function uploadStemDocument(
  db: Kysely<InquiryDB>,
  store: DocumentStore,
  caller: Caller,
  stemId: string,
  file: { filename: string; content_type: DocumentType; content: Buffer },
): Promise<StoredDocument> {
  return db.transaction().execute(async (trx) => {
    const stem = await findStem(trx, caller.tenantId, stemId, true);
    if (!stem) throw new StemNotFoundError('stem');
    if (stem.status === 'draft' || stem.status === 'closed')
      throw new StemLifeConflictError(
        stem.status === 'draft'
          ? 'A delivery document belongs to a stem that has been sent.'
          : 'This stem is closed: it takes no more documents.',
      );
    const doc = await store.save(
      trx,
      {
        tenant_id: caller.tenantId,
        stem_id: stemId,
        filename: file.filename,
        content_type: file.content_type,
        uploaded_by: caller.userId,
      },
      file.content,
    );
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId,
      type: 'stem_document_uploaded',
      detail: {
        reference: stem.reference,
        filename: file.filename.slice(0, 200),
        content_type: file.content_type,
        size_bytes: doc.size_bytes,
      },
    });
    return doc;
  });
}
