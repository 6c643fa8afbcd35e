import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { StemSummary, StemView, stemClausesInput, stemPricingInput } from '@mfd/contracts';
import { listClauses } from '../../data/clauses.repository';
import type { InquiryDB } from '../../data/db';
import {
  findStem,
  listStems,
  replaceStemClauses,
  setLineAdjustments,
  type StemListFilter,
  stemClauses,
  stemLines,
  updateStem,
} from '../../data/stems.repository';
import { byUser, recordAudit } from '../audit';
import type { Caller } from '../inquiries';
import { StemInputError, StemNotFoundError } from './stem-errors';
import { nextStemStatus } from './stem-lifecycle';
import { loadStemView, stemSummaryOf } from './stem-views';

export async function stemList(
  db: Kysely<InquiryDB>,
  tenantId: string,
  filter: StemListFilter,
): Promise<{ items: StemSummary[]; total: number }> {
  const { rows, total } = await listStems(db, tenantId, filter);
  return { items: rows.map(stemSummaryOf), total };
}

export async function stemDetail(db: Kysely<InquiryDB>, tenantId: string, id: string): Promise<StemView> {
  const stem = await findStem(db, tenantId, id);
  if (!stem) throw new StemNotFoundError('stem');
  return loadStemView(db, stem);
}

/**
 * The trader's markup (sell above buy) or broker's commission per line, as a whole: lines left
 * out carry none. Allowed until the invoice is in; recorded with the adjustments before and after.
 */
export async function setStemPricing(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  input: z.output<typeof stemPricingInput>,
): Promise<StemView> {
  return db.transaction().execute(async (trx) => {
    const stem = await findStem(trx, caller.tenantId, id, true);
    if (!stem) throw new StemNotFoundError('stem');
    nextStemStatus(stem.status, 'edit_pricing');
    const lines = await stemLines(trx, caller.tenantId, id);
    const known = new Set(lines.map((l) => l.product_line_id));
    const unknown = input.lines.flatMap((l, i) =>
      known.has(l.product_line_id)
        ? []
        : [{ field: `lines.${i}.product_line_id`, message: 'This stem has no such fuel line' }],
    );
    if (unknown.length > 0) throw new StemInputError(unknown);
    const describe = (
      mode: string,
      rows: { product_line_id: string; basis: string | null; amount: string | null }[],
    ) =>
      `${mode}: ${rows
        .filter((r) => r.basis)
        .map((r) => `${r.product_line_id} ${r.amount} ${r.basis}`)
        .join(', ')}`;
    const before = describe(
      stem.pricing_mode,
      lines.map((l) => ({
        product_line_id: l.product_line_id,
        basis: l.adjustment_basis,
        amount: l.adjustment_amount,
      })),
    );
    await setLineAdjustments(
      trx,
      caller.tenantId,
      id,
      new Map(input.lines.map((l) => [l.product_line_id, { basis: l.basis, amount: l.amount }])),
    );
    await updateStem(trx, caller.tenantId, id, { pricing_mode: input.mode });
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId: id,
      type: 'stem_pricing_set',
      detail: { reference: stem.reference, mode: input.mode },
      changes: { pricing: { before, after: describe(input.mode, input.lines) } },
    });
    return loadStemView(trx, { ...stem, pricing_mode: input.mode });
  });
}

/**
 * The stem's clauses in order, while it is a draft: those it has keep the wording they were given
 * (even when since changed or deleted in the library, so adding or removing one never rewrites the
 * others); the others are copied from the company's library as it is now.
 */
export async function setStemClauses(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  input: z.output<typeof stemClausesInput>,
): Promise<StemView> {
  return db.transaction().execute(async (trx) => {
    const stem = await findStem(trx, caller.tenantId, id, true);
    if (!stem) throw new StemNotFoundError('stem');
    nextStemStatus(stem.status, 'edit_clauses');
    const current = await stemClauses(trx, caller.tenantId, id);
    const onStem = new Map(current.map((c) => [c.clause_id, c]));
    const library = new Map((await listClauses(trx, caller.tenantId)).map((c) => [c.id, c]));
    const unknown = input.clause_ids.flatMap((cid, i) =>
      onStem.has(cid) || library.has(cid)
        ? []
        : [{ field: `clause_ids.${i}`, message: 'No such clause in the library' }],
    );
    if (unknown.length > 0) throw new StemInputError(unknown);
    const chosen = input.clause_ids.map((cid) => {
      const kept = onStem.get(cid);
      if (kept) return { clause_id: cid, title: kept.title, text: kept.text };
      const copied = library.get(cid)!;
      return { clause_id: cid, title: copied.title, text: copied.text };
    });
    const before = current.map((c) => c.title);
    await replaceStemClauses(trx, caller.tenantId, id, chosen);
    await updateStem(trx, caller.tenantId, id, {});
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId: id,
      type: 'stem_clauses_set',
      detail: { reference: stem.reference, titles: chosen.map((c) => c.title.slice(0, 200)) },
      changes: {
        clauses: {
          before: before.join('; ').slice(0, 4000),
          after: chosen
            .map((c) => c.title)
            .join('; ')
            .slice(0, 4000),
        },
      },
    });
    return loadStemView(trx, stem);
  });
}
