import { Badge, Group, Stack, Text } from '@mantine/core';
import { indexFormula, type OfferView } from '@mfd/contracts';
import { formatDuration } from '../../../lib/durations';
import { formatQuantity, formatQuantityRange, formatUsd } from '../../../lib/money';
import { DELIVERY_METHOD_LABELS } from '../../../lib/offer-form-values';
import { formatPortShort, isPast } from '../../../lib/port-clock';
import { formatCalendarDate } from '../../../lib/port-time';

/** Past its validity, by the server's word or by the clock since it answered. */
export const isExpired = (offer: OfferView, now: Date) => offer.expired || isPast(offer.valid_until, now);

/**
 * The column head: who offered, when, which revision, and how it came in; "Revised" when the
 * supplier revised it after the revision the trader tried to award.
 */
export function OfferHeader({
  offer,
  zone,
  seenRevision,
}: {
  offer: OfferView;
  zone: string;
  seenRevision: number | null;
}) {
  return (
    <Stack gap={2}>
      <Text fw={700} size="sm">
        {offer.supplier.trading_name}
      </Text>
      {seenRevision !== null && seenRevision !== offer.revision && (
        <Badge color="yellow" variant="filled" size="sm">
          Revised since you saw revision {seenRevision}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {offer.submitted_at ? `Submitted ${formatPortShort(offer.submitted_at, zone)}` : 'Not submitted'}
      </Text>
      <Text size="xs" c="dimmed">
        Revision {offer.revision} · {offer.source === 'manual' ? 'Recorded manually' : 'Via offer link'}
      </Text>
    </Stack>
  );
}

/** Where the offer stands, in words (never colour alone). */
export function OfferBadges({ offer, expired }: { offer: OfferView; expired: boolean }) {
  return (
    <Group gap={4}>
      {offer.status === 'awarded' && (
        <Badge color="teal" variant="filled">
          Awarded
        </Badge>
      )}
      {offer.status === 'not_awarded' && (
        <Badge color="gray" variant="light">
          Not awarded
        </Badge>
      )}
      {offer.status === 'draft' && (
        <Badge color="gray" variant="outline">
          Draft
        </Badge>
      )}
      {offer.status === 'withdrawn' && (
        <Badge color="gray" variant="outline">
          Withdrawn
        </Badge>
      )}
      {expired && offer.status === 'submitted' && (
        <Badge color="red" variant="light">
          Expired
        </Badge>
      )}
      {offer.partial && (
        <Badge color="orange" variant="light">
          Partial
        </Badge>
      )}
      {offer.indicative && (
        <Badge color="violet" variant="light" title="An index-linked line has no index value yet">
          Indicative
        </Badge>
      )}
      {offer.priced_before_amendment && (
        <Badge color="yellow" variant="light">
          Priced before amendment
        </Badge>
      )}
      {offer.status === 'submitted' && !expired && (
        <Badge color="blue" variant="light">
          Submitted
        </Badge>
      )}
    </Group>
  );
}

/** "Platts … (590.00 on 20 Nov 2026) − 20.00": how an index line's price is made, with the value used. */
function Formula({ line }: { line: OfferView['per_product_lines'][string] }) {
  if (line.pricing !== 'index' || !line.index_name) return null;
  const index = line.index_value
    ? `${line.index_name} (${line.index_value}${line.index_as_of ? ` on ${formatCalendarDate(line.index_as_of)}` : ''})`
    : line.index_name;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {indexFormula(index, line.differential ?? '0')}
    </Text>
  );
}

/**
 * One fuel line of one offer: its (effective) price, an index line's formula beside it, what can
 * be delivered and by how much it falls short, the delivery method; cheapest said in words.
 */
export function LineCell({
  offer,
  lineId,
  productName,
}: {
  offer: OfferView;
  lineId: string;
  productName: string;
}) {
  const line = offer.per_product_lines[lineId];
  if (!line)
    return (
      <Text size="sm" c="dimmed">
        Not offered
      </Text>
    );
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {line.effective_price_per_mt
            ? `${formatUsd(line.effective_price_per_mt)}/MT`
            : 'Index value needed'}
        </Text>
        {offer.cheapest_lines.includes(lineId) && (
          <Badge color="teal" variant="light" size="sm">
            Cheapest {productName}
          </Badge>
        )}
      </Group>
      <Formula line={line} />
      <Group gap={6}>
        <Text size="xs">{formatQuantityRange(line.min_deliverable, line.max_deliverable)}</Text>
        {line.short_by_mt && (
          <Badge color="orange" variant="outline" size="xs" title="Can deliver less than the requested max">
            Short by {formatQuantity(line.short_by_mt)} MT
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {DELIVERY_METHOD_LABELS[line.delivery_method]}
      </Text>
    </Stack>
  );
}

/** A fuel line of an offer in one line of text, as a changed cell says what it was. */
export function lineText(offer: OfferView, lineId: string): string {
  const line = offer.per_product_lines[lineId];
  if (!line) return 'not offered';
  const price = line.effective_price_per_mt ? `${formatUsd(line.effective_price_per_mt)}/MT` : 'index-linked';
  return `${price}, ${formatQuantityRange(line.min_deliverable, line.max_deliverable)}, ${DELIVERY_METHOD_LABELS[line.delivery_method]}`;
}

/** From the first mail to this supplier to its first offer. */
export function responseText(offer: OfferView): string {
  return offer.response_seconds === null ? '—' : `Responded in ${formatDuration(offer.response_seconds)}`;
}
