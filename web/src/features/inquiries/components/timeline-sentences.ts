import {
  CLAIM_KIND_LABELS,
  CLAIM_STATUS_LABELS,
  DECLINE_REASON_LABELS,
  type ClaimStatus,
  type TimelineItem,
} from '@mfd/contracts';
import { formatUsd } from '../../../lib/money';
import { utcOffsetLabel } from '../../../lib/port-clock';
import { formatPortTime } from '../../../lib/port-time';

/** A moment at the port with its offset: "10 Dec 2030 08:00 (UTC+8)". */
export function portMoment(iso: string, zone: string): string {
  return `${formatPortTime(iso, zone)} (${utcOffsetLabel(iso, zone)})`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How the mails the inquiry service sends read in a sentence. */
const MAIL_NAMES: Record<string, string> = {
  'rfq-invitation': 'Invitation',
  'rfq-amendment': 'Amendment',
  'rfq-reminder': 'Reminder',
  'rfq-cancelled': 'Cancellation notice',
  'offer-awarded': 'Award confirmation',
  'offer-not-awarded': 'Not-awarded note',
};

const MAIL_ENDINGS = {
  sent: 'was delivered',
  sent_unconfirmed: 'may have been delivered (the mail server did not confirm it)',
  failed: 'could not be delivered',
  bounced: 'bounced',
} as const;

/** What happened, as one sentence naming who did it (the name as it was then). */
export function timelineSentence(item: TimelineItem, zone: string): string {
  const who = item.actor.name;
  switch (item.type) {
    case 'inquiry_created': {
      const { vessel_name, port_name, line_count, copied_from } = item.detail;
      const where = port_name ? ` at ${port_name}` : '';
      const copy = copied_from ? ' as a copy of another inquiry' : '';
      return `${who} created the inquiry for ${vessel_name}${where}${copy}, with ${plural(line_count, 'fuel line')}`;
    }
    case 'inquiry_edited':
      return `${who} edited the inquiry`;
    case 'line_added':
      return `${who} added the ${item.detail.product_name} line`;
    case 'line_changed':
      return `${who} changed the ${item.detail.product_name} line`;
    case 'line_removed':
      return `${who} removed the ${item.detail.product_name} line`;
    case 'index_values_set':
      return `${who} set the index values offers are compared at`;
    case 'inquiry_distributed':
      return `${who} sent the inquiry to ${plural(item.detail.recipients.length, 'supplier address', 'supplier addresses')}, reply by ${portMoment(item.detail.reply_by, zone)}`;
    case 'amendment_sent': {
      const { revision, recipient_count, message, reply_by } = item.detail;
      const newReplyBy = reply_by ? `, reply by ${portMoment(reply_by, zone)}` : '';
      return `${who} mailed the changes (revision ${revision}) to ${plural(recipient_count, 'supplier address', 'supplier addresses')}${newReplyBy}${message ? `: “${message}”` : ''}`;
    }
    case 'mail_outcome': {
      const { mail, to, to_name, status, error } = item.detail;
      const whom = to_name ? `${to_name} (${to})` : to;
      const ending = MAIL_ENDINGS[status];
      return `${MAIL_NAMES[mail] ?? 'Mail'} to ${whom} ${ending}${(status === 'failed' || status === 'bounced') && error ? `: ${error}` : ''}`;
    }
    case 'link_opened': {
      const { last_opened_at, open_count } = item.detail;
      const again =
        open_count > 1 ? `; opened ${open_count} times, last ${portMoment(last_opened_at, zone)}` : '';
      return `${who} opened its offer link${again}`;
    }
    case 'message_received': {
      const { from, subject, attachment_count } = item.detail;
      const files = attachment_count > 0 ? `, with ${plural(attachment_count, 'attachment')}` : '';
      return `${who} replied by e-mail from ${from}: “${subject || '(no subject)'}”${files}`;
    }
    case 'offer_submitted':
    case 'offer_revised':
    case 'offer_recorded': {
      const { supplier_name, revision, total_landed_cost } = item.detail;
      const cost = total_landed_cost ? `, landed cost ${formatUsd(total_landed_cost)}` : '';
      if (item.type === 'offer_recorded')
        return `${who} recorded an offer from ${supplier_name} (revision ${revision})${cost}`;
      if (item.type === 'offer_revised') return `${who} revised its offer (revision ${revision})${cost}`;
      return `${who} submitted an offer${cost}`;
    }
    case 'offer_awarded': {
      const { supplier_name, revision, notes, product_names } = item.detail;
      // A split award names the lines each winner took.
      const what = product_names ? `${product_names.join(', ')} to the offer` : 'the offer';
      return `${who} awarded ${what} of ${supplier_name} (revision ${revision})${notes ? `: “${notes}”` : ''}`;
    }
    case 'offer_declined': {
      const { reason, remarks, withdrawn_revision } = item.detail;
      const withdrawn =
        withdrawn_revision !== null ? `, withdrawing its offer (revision ${withdrawn_revision})` : '';
      return `${who} declined to quote: ${DECLINE_REASON_LABELS[reason]}${remarks ? ` (“${remarks}”)` : ''}${withdrawn}`;
    }
    case 'reminder_sent':
      return `${who} mailed a reminder to ${plural(item.detail.recipients.length, 'supplier address', 'supplier addresses')} that had not answered, reply by ${portMoment(item.detail.reply_by, zone)}`;
    case 'reminder_skipped':
      return `${who} could not mail the reminder to ${plural(item.detail.recipients.length, 'supplier address', 'supplier addresses')}: ${item.detail.reason}`;
    case 'round_started': {
      const { round, reply_by, invited, show_rank } = item.detail;
      const rank = show_rank ? ', each told its rank' : '';
      return `${who} started round ${round}: ${plural(invited.length, 'supplier', 'suppliers')} invited to improve by ${portMoment(reply_by, zone)}${rank}`;
    }
    case 'port_merged':
      return `${who} made the company’s own port ${item.detail.unlocode} the shared port of that code`;
    case 'owner_changed': {
      const { from, to, reason } = item.detail;
      return reason === 'member_removed'
        ? `${who} removed ${from.name} from the company: the inquiry is now ${to.name}’s`
        : `${who} handed the inquiry over from ${from.name} to ${to.name}`;
    }
    case 'stem_created':
      return `${who}'s award made stem ${item.detail.reference} with ${item.detail.supplier_name}`;
    case 'stem_pricing_set':
      return `${who} set the ${item.detail.mode} of stem ${item.detail.reference}`;
    case 'stem_clauses_set':
      return `${who} set the clauses of stem ${item.detail.reference} (${plural(item.detail.titles.length, 'clause')})`;
    case 'stem_sent':
      return `${who} sent the confirmation of stem ${item.detail.reference} to ${plural(item.detail.recipients.length, 'address', 'addresses')}`;
    case 'stem_acknowledged':
      return `${who} acknowledged stem ${item.detail.reference} (signed by ${item.detail.name})`;
    case 'stem_delivered': {
      const { reference, bdn_number, variances } = item.detail;
      const off = variances.length > 0 ? `, with ${plural(variances.length, 'variance')}` : '';
      return `${who} recorded the delivery of stem ${reference} (BDN ${bdn_number})${off}`;
    }
    case 'stem_document_uploaded':
      return `${who} uploaded ${item.detail.filename} to stem ${item.detail.reference}`;
    case 'stem_index_values_set':
      return `${who} set the final index values of stem ${item.detail.reference}`;
    case 'stem_invoiced':
      return `${who} recorded invoice ${item.detail.number} on stem ${item.detail.reference}`;
    case 'stem_closed':
      return `${who} closed stem ${item.detail.reference}`;
    case 'claim_raised':
      return `${who} raised a ${CLAIM_KIND_LABELS[item.detail.kind].toLowerCase()} claim on stem ${item.detail.reference}, time-barred ${portMoment(item.detail.time_bar_at, zone)}`;
    case 'claim_updated': {
      const [change] = Object.values(item.changes);
      const to = change?.after;
      const state =
        typeof to === 'string' && to in CLAIM_STATUS_LABELS
          ? CLAIM_STATUS_LABELS[to as ClaimStatus]
          : 'changed';
      return `${who}: the ${CLAIM_KIND_LABELS[item.detail.kind].toLowerCase()} claim on stem ${item.detail.reference} is ${state.toLowerCase()}`;
    }
    case 'inquiry_cancelled': {
      const { reason, notice_count } = item.detail;
      const told =
        notice_count > 0 ? `; ${plural(notice_count, 'supplier address', 'supplier addresses')} told` : '';
      return `${who} cancelled the inquiry${reason ? `: “${reason}”` : ''}${told}`;
    }
  }
}

/** The lines under a sentence that list whom it concerned: the recipients, the suppliers not chosen. */
export function timelineParticulars(item: TimelineItem): string[] {
  if (item.type === 'inquiry_distributed') {
    const lines = item.detail.recipients.map(
      (r) =>
        `${r.supplier_name}${r.contact_name ? `, ${r.contact_name}` : ''} (${r.email})${r.resent ? ' — sent again' : ''}`,
    );
    if (item.detail.skipped_count > 0)
      lines.push(`${plural(item.detail.skipped_count, 'address', 'addresses')} skipped: already sent`);
    return lines;
  }
  if (item.type === 'stem_sent')
    return item.detail.recipients.map(
      (r) => `${r.email} (${r.copy === 'supplier' ? 'supplier' : 'customer'} copy)`,
    );
  if (item.type === 'stem_clauses_set') return item.detail.titles;
  if (item.type === 'reminder_sent' || item.type === 'reminder_skipped')
    return item.detail.recipients.map((r) => `${r.supplier_name} (${r.email})`);
  if (item.type === 'round_started') {
    const lines = [`Shortlisted: ${item.detail.invited.join(', ')}`];
    if (item.detail.message) lines.push(`Message: “${item.detail.message}”`);
    return lines;
  }
  if (item.type === 'stem_delivered') return item.detail.variances;
  if (item.type === 'offer_awarded') {
    const lines: string[] = [];
    const more = item.detail.not_awarded_count - item.detail.not_awarded.length;
    if (item.detail.not_awarded_count > 0)
      lines.push(`Not awarded: ${item.detail.not_awarded.join(', ')}${more > 0 ? ` and ${more} more` : ''}`);
    if (item.detail.not_placed?.length) lines.push(`Not placed: ${item.detail.not_placed.join(', ')}`);
    return lines;
  }
  return [];
}

const LABELS: Record<string, string> = {
  customer: 'Customer',
  port: 'Port',
  vessel_name: 'Vessel name',
  imo: 'IMO',
  agent_name: 'Agent name',
  agent_email: 'Agent email',
  eta: 'ETA',
  etb: 'ETB',
  etd: 'ETD',
  commentary: 'Additional notes',
  supplier_notes: 'Notes for suppliers',
  selling_terms: 'Selling terms',
  status: 'Status',
  offer_status: 'Offer status',
  round: 'Round',
  product_name: 'Fuel type',
  iso_spec: 'ISO specification',
  quantity_mt_min: 'Min quantity (MT)',
  quantity_mt_max: 'Max quantity (MT)',
  charges_cost: 'Charges',
  total_landed_cost: 'Landed cost',
  payment: 'Payment',
  payment_terms: 'Payment terms',
  valid_until: 'Valid until',
  remarks: 'Remarks',
};
const TIMES = new Set(['eta', 'etb', 'etd', 'valid_until']);
const MONEY = new Set(['charges_cost', 'total_landed_cost']);

function valueText(field: string, value: string | number | boolean | null, zone: string): string {
  if (value === null || value === '') return 'none';
  if (typeof value !== 'string') return String(value);
  if (TIMES.has(field)) return portMoment(value, zone);
  if (MONEY.has(field)) return formatUsd(value);
  return value;
}

const ORDER = Object.keys(LABELS);
/**
 * Fields of a line or an index ("VLSFO price") first, by name, so each line's facts stand
 * together; then the inquiry's and the offer's own fields in the order the forms show them.
 * (The server keeps changes as a JSON object, whose key order it does not keep.)
 */
const rank = (field: string) => (ORDER.includes(field) ? ORDER.indexOf(field) : -1);
const byReadingOrder = ([a]: [string, unknown], [b]: [string, unknown]) =>
  rank(a) - rank(b) || a.localeCompare(b);

/** Each changed field as the trader reads it: "ETA: 10 Dec 2030 08:00 (UTC+8) → 11 Dec 2030 10:00 (UTC+8)". */
export function timelineChanges(item: TimelineItem, zone: string) {
  return Object.entries(item.changes)
    .sort(byReadingOrder)
    .map(([field, change]) => ({
      field,
      label: LABELS[field] ?? field,
      before: valueText(field, change.before, zone),
      after: valueText(field, change.after, zone),
    }));
}
