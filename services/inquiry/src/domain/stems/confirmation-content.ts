import Big from 'big.js';
import {
  CHARGE_KIND_LABELS,
  chargeTerms,
  formatPortAndUtc,
  formatTonnesRange,
  formatUsd,
  indexFormula,
  paymentText,
  type SignatureView,
  type StemView,
} from '@mfd/contracts';
import { markedUpPrice } from '@mfd/pricing';

/** Which side a confirmation goes to: the supplier sees buy prices, the customer sell prices. */
export const CONFIRMATION_COPIES = ['supplier', 'customer'] as const;
export type ConfirmationCopy = (typeof CONFIRMATION_COPIES)[number];

const DELIVERY_LABELS: Record<StemView['lines'][number]['delivery_method'], string> = {
  barge: 'Barge',
  truck: 'Truck',
  pipeline: 'Pipeline',
  'ex-wharf': 'Ex-wharf',
};

/**
 * Everything a confirmation shows, already in words. It has no field for the margin, the
 * commission or the other side's prices: what is not here cannot reach a PDF or a mail.
 */
export interface ConfirmationContent {
  copy: ConfirmationCopy;
  title: string;
  reference: string;
  company_name: string;
  role: 'Broker' | 'Trader';
  buyer: string;
  seller: string;
  vessel: string;
  port: string;
  delivery_window: string;
  agent: string;
  lines: { product: string; quantity: string; price: string; delivery_method: string }[];
  charges: { name: string; terms: string }[];
  payment_terms: string;
  selling_terms: string | null;
  clauses: { title: string; text: string }[];
  signature: string[];
}

/**
 * The price a side agreed per MT, in words. A fixed line shows its buy or sell price; an index line
 * shows its formula, which for the customer under a markup carries the marked-up differential
 * (per MT: differential + markup; percent: (index + differential) × (1 + p%), written as index ×
 * factor + marked-up differential), so the supplier's differential never shows on the customer's copy.
 */
export function confirmationPrice(
  copy: ConfirmationCopy,
  mode: StemView['pricing_mode'],
  line: StemView['lines'][number],
): string {
  const markup = copy === 'customer' && mode === 'markup' ? line.adjustment : null;
  if (line.pricing === 'fixed') {
    const price = copy === 'supplier' ? line.buy_price_per_mt : line.sell_price_per_mt;
    return price === null ? 'To be advised' : `${formatUsd(price)}/MT`;
  }
  const name = line.index_name ?? 'Index';
  const differential = line.differential ?? '0';
  if (!markup) return indexFormula(name, differential);
  const marked = markedUpPrice(differential, markup)!;
  if (markup.basis === 'per_mt') return indexFormula(name, marked);
  const factor = new Big(100).plus(markup.amount).div(100).toString();
  return indexFormula(`${name} × ${factor}`, marked);
}

function signatureLines(signature: SignatureView | null): string[] {
  if (!signature) return [];
  const { full_name, title, company_name, address, phone, email, website, additional_info } = signature;
  return [full_name, title, company_name, address, phone && `Tel: ${phone}`, email, website, additional_info]
    .filter((v): v is string => !!v)
    .flatMap((v) => v.split('\n'));
}

/** The supplier's or the customer's confirmation of a stem, from the company's view of it. */
export function confirmationContent(
  stem: StemView,
  copy: ConfirmationCopy,
  signature: SignatureView | null,
): ConfirmationContent {
  const zone = stem.port.timezone;
  const port = [stem.port.name, stem.port.unlocode && `(${stem.port.unlocode})`].filter(Boolean).join(' ');
  const agent = [stem.agent_name, stem.agent_email].filter(Boolean).join(', ');
  return {
    copy,
    title: copy === 'supplier' ? 'Stem confirmation: supplier copy' : 'Stem confirmation: customer copy',
    reference: stem.reference,
    company_name: stem.company_name ?? '',
    role: stem.pricing_mode === 'commission' ? 'Broker' : 'Trader',
    buyer: stem.customer.legal_entity_name ?? 'To be advised',
    seller: stem.supplier.trading_name,
    vessel: stem.imo ? `${stem.vessel_name} (IMO ${stem.imo})` : stem.vessel_name,
    port: port || 'To be advised',
    delivery_window: `ETA ${formatPortAndUtc(stem.delivery_from, zone)} – ETD ${formatPortAndUtc(stem.delivery_to, zone)}`,
    agent: agent || 'To be advised',
    lines: stem.lines.map((line) => ({
      product: `${line.product_name} (${line.iso_spec})`,
      quantity: formatTonnesRange(line.quantity_mt_min, line.quantity_mt_max),
      price: confirmationPrice(copy, stem.pricing_mode, line),
      delivery_method: DELIVERY_LABELS[line.delivery_method],
    })),
    charges: stem.charges.map((charge) => ({
      name: `${CHARGE_KIND_LABELS[charge.kind]}${charge.note ? `: ${charge.note}` : ''}`,
      terms: chargeTerms(charge, formatUsd),
    })),
    payment_terms:
      [stem.payment && paymentText(stem.payment), stem.payment_terms].filter(Boolean).join('; ') ||
      'To be advised',
    selling_terms: copy === 'customer' ? (stem.selling_terms ?? 'To be advised') : null,
    clauses: stem.clauses.map((c) => ({ title: c.title, text: c.text })),
    signature: signatureLines(signature),
  };
}

/** The file name a confirmation downloads and travels as: "BAL-2026-0001-supplier.pdf". */
export function confirmationFilename(reference: string, copy: ConfirmationCopy): string {
  return `${reference.replace(/[^A-Za-z0-9-]/g, '')}-${copy}.pdf`;
}
