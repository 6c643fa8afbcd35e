import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';

/** The recipient a personal link belongs to, with the sender the supplier sees on the offer page. */
export interface LinkRecipient {
  recipient_id: string;
  tenant_id: string;
  inquiry_id: string;
  supplier_id: string;
  supplier_name: string;
  email: string;
  reply_by: Date;
  sender_name: string | null;
  sender_company: string | null;
  /** Set when a newer link went to the same recipient. */
  superseded_at: Date | null;
}

/**
 * Finds a link by its token's hash only: the token itself is never stored or compared. The link
 * carries its own tenant and inquiry, so a token reaches exactly one recipient and nothing else.
 */
export function findLinkRecipient(
  db: Kysely<InquiryDB>,
  tokenHash: Buffer,
): Promise<LinkRecipient | undefined> {
  return db
    .selectFrom('offer_links')
    .innerJoin('inquiry_recipients as r', 'r.id', 'offer_links.recipient_id')
    .innerJoin('distributions as d', 'd.id', 'r.distribution_id')
    .select([
      'r.id as recipient_id',
      'r.tenant_id',
      'r.inquiry_id',
      'r.supplier_id',
      'r.supplier_name',
      'r.email',
      'r.reply_by',
      'd.sender_name',
      'd.sender_company',
      'offer_links.superseded_at',
    ])
    .where('offer_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Retires the recipients' current links: called in the transaction that mails them newer ones,
 * so a supplier only ever prices through the latest mail it was sent.
 */
export async function supersedeOfferLinks(db: Kysely<InquiryDB>, recipientIds: string[]): Promise<void> {
  if (recipientIds.length === 0) return;
  await db
    .updateTable('offer_links')
    .set({ superseded_at: sql<Date>`now()` })
    .where('recipient_id', 'in', recipientIds)
    .where('superseded_at', 'is', null)
    .execute();
}

/** The first address of a supplier an inquiry was sent to: a recorded offer counts its response from there. */
export function firstRecipientOf(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  supplierId: string,
) {
  return db
    .selectFrom('inquiry_recipients')
    .select(['id', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('supplier_id', '=', supplierId)
    .orderBy('first_sent_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
