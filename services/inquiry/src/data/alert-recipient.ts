import type { ExpressionBuilder } from 'kysely';
import type { InquiryDB } from './db';

/**
 * The one rule of who is told about an inquiry's offers and mails: the trader who last
 * distributed it (its creator while it was never sent, e.g. for an offer recorded on a draft).
 * Every notification is addressed through this expression, evaluated on the `inquiries` row in
 * scope, so a change of rule (an inquiry owner) is made here alone.
 */
export function alertRecipient(eb: ExpressionBuilder<InquiryDB, 'inquiries'>) {
  return eb.fn.coalesce(
    eb
      .selectFrom('distributions')
      .select('distributions.sent_by')
      .whereRef('distributions.inquiry_id', '=', 'inquiries.id')
      .whereRef('distributions.tenant_id', '=', 'inquiries.tenant_id')
      .orderBy('distributions.created_at', 'desc')
      .limit(1),
    eb.ref('inquiries.created_by'),
  );
}
