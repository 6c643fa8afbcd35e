import type { Kysely } from 'kysely';
import type { TimelineItem, TimelineResponse } from '@mfd/contracts';
import { timelinePage } from '../data/audit.repository';
import type { InquiryDB } from '../data/db';
import { findInquiry } from '../data/inquiries.repository';
import { InquiryNotFoundError } from './inquiries';
import { offerSeal } from './rfq/offer-seal';

type Row = Awaited<ReturnType<typeof timelinePage>>[number];

const PRICED: ReadonlySet<string> = new Set(['offer_submitted', 'offer_revised', 'offer_recorded']);

/**
 * While the offers are sealed, the trail says who offered and when, never at what: no landed cost,
 * and none of the changed prices of a revision.
 */
const hidesPrices = (row: Row, sealed: boolean) => sealed && PRICED.has(row.type);

function itemOf(row: Row, sealed: boolean): TimelineItem {
  // A link's first open is the row; its last open and count are the link's as they are now.
  const detail =
    row.type === 'link_opened'
      ? {
          ...row.detail,
          last_opened_at: (row.last_opened_at ?? row.at).toISOString(),
          open_count: row.open_count ?? 1,
        }
      : hidesPrices(row, sealed)
        ? { ...row.detail, total_landed_cost: null }
        : row.detail;
  return {
    at: row.at.toISOString(),
    actor: { kind: row.actor_kind, name: row.actor_name },
    type: row.type,
    detail,
    changes: hidesPrices(row, sealed) ? {} : row.changes,
  } as TimelineItem;
}

/**
 * One page of an inquiry's audit trail, oldest first, at most `limit` items; `next_cursor` is the
 * `after` of the next page (null on the last). Another company's inquiry is a 404.
 */
export async function inquiryTimeline(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  page: { after?: string; limit: number },
  now: Date,
): Promise<TimelineResponse> {
  const inquiry = await findInquiry(db, tenantId, inquiryId);
  if (!inquiry) throw new InquiryNotFoundError('inquiry');
  const { sealed } = await offerSeal(db, inquiry, now);
  // One more than asked for tells whether a next page exists.
  const rows = await timelinePage(db, tenantId, inquiryId, page.after, page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return {
    items: shown.map((row) => itemOf(row, sealed)),
    next_cursor: rows.length > page.limit ? String(shown.at(-1)!.seq) : null,
  };
}
