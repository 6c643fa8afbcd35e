import { Badge, Group, List, Stack, Text } from '@mantine/core';
import {
  CHARGE_KIND_LABELS,
  chargeTerms,
  paymentText,
  type InquiryDetail,
  type OfferView,
} from '@mfd/contracts';
import { formatUsd } from '../../../lib/money';

const PENDING = 'Waiting for the index value';

/** A total of the offer, or why it is not known yet. */
export const amountOrPending = (amount: string | null) => (amount === null ? PENDING : formatUsd(amount));

/** Each charge as offered: what, for which grades, on what basis, and what it comes to. */
export function ChargesCell({ offer, products }: { offer: OfferView; products: InquiryDetail['products'] }) {
  if (offer.charges.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  const names = new Map(products.map((p) => [p.id, p.product_name]));
  return (
    <List size="sm" spacing={4} listStyleType="none" aria-label={`Charges of ${offer.supplier.trading_name}`}>
      {offer.charges.map((charge, i) => {
        const lines = charge.product_line_ids?.map((id) => names.get(id) ?? 'a removed line').join(', ');
        return (
          <List.Item key={i}>
            <Text size="sm" fw={500} span>
              {CHARGE_KIND_LABELS[charge.kind]}
              {lines ? ` (${lines})` : ''}:{' '}
            </Text>
            <Text size="sm" span>
              {charge.contingent ? 'not in the total' : amountOrPending(charge.amount_usd)}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {chargeTerms(charge, formatUsd)}
              {charge.note ? ` · ${charge.note}` : ''}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

/**
 * The landed cost, the one figure offers compete on: marked cheapest, partial or indicative in
 * words, and for an offer short of a line, what it comes to at the quantities it can deliver.
 */
export function LandedCostCell({ offer }: { offer: OfferView }) {
  const short = Object.values(offer.per_product_lines).some((l) => l.short);
  return (
    <Stack gap={4}>
      <Text fw={700}>{amountOrPending(offer.total_landed_cost)}</Text>
      {short && offer.deliverable_total && (
        <Text size="xs">{formatUsd(offer.deliverable_total)} at the quantities it can deliver</Text>
      )}
      <Group gap={4}>
        {offer.cheapest_total && (
          <Badge color="teal" variant="filled" size="sm">
            Cheapest total
          </Badge>
        )}
        {offer.partial && (
          <Text size="xs" c="dimmed">
            Partial: unpriced lines not included
          </Text>
        )}
        {offer.indicative && (
          <Text size="xs" c="dimmed">
            Indicative: enter the index value to compare it
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** "30 days from delivery", then whatever else the supplier wrote. */
export function PaymentCell({ offer }: { offer: OfferView }) {
  const parts = [offer.payment && paymentText(offer.payment), offer.payment_terms].filter(Boolean);
  return (
    <Stack gap={2}>
      {parts.length === 0
        ? '—'
        : parts.map((part, i) => (
            <Text key={i} size="sm">
              {part}
            </Text>
          ))}
    </Stack>
  );
}
