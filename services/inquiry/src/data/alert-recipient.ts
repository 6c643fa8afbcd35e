import type { ExpressionBuilder } from 'kysely';
import type { InquiryDB } from './db';

/**
 * The one rule of who is told about an inquiry's offers and mails: its owner as it is when the
 * event happens (notifications written earlier stay with whoever got them). Every notification is
 * addressed through this expression, evaluated on the `inquiries` row in scope, so a change of
 * rule is made here alone.
 */
export function alertRecipient(eb: ExpressionBuilder<InquiryDB, 'inquiries'>) {
  return eb.ref('inquiries.owner_id');
}
