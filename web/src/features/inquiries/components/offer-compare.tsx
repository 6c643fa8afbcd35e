import { Button, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { InquiryDetail, LastDoneLine, OfferView, SupplierScorecard } from '@mfd/contracts';
import { LastDoneDifference, LastDoneLabel } from '../../../components/last-done';
import { MailSendButton } from '../../../components/mail-send-button';
import { formatQuantityRange, formatUsd } from '../../../lib/money';
import { formatPortShort, validityText } from '../../../lib/port-clock';
import { useNow } from '../../../lib/use-now';
import { revisedParts, type OfferPart } from './offer-changes';
import { isExpired, LineCell, lineText, OfferBadges, OfferHeader, responseText } from './offer-compare-cells';
import { amountOrPending, ChargesCell, LandedCostCell, PaymentCell } from './offer-cost-cells';

const HIGHLIGHT = 'var(--mantine-color-teal-light)';

/** The round of the offer's latest revision and its landed cost against its previous round. */
function RoundCell({ offer }: { offer: OfferView }) {
  const change = offer.change_from_previous_round;
  return (
    <Stack gap={0}>
      <Text size="sm">Round {offer.round}</Text>
      {change !== null && (
        <Text size="xs">
          {change.startsWith('-')
            ? `${formatUsd(change.slice(1))} lower than the previous round`
            : change === '0.00'
              ? 'Unchanged from the previous round'
              : `${formatUsd(change)} higher than the previous round`}
        </Text>
      )}
    </Stack>
  );
}
const CHANGED = 'var(--mantine-color-yellow-light)';

/** How the supplier answered and fared over the last 90 days (its scorecard): response rate and claims. */
function SupplierRecordCell({ scorecard }: { scorecard: SupplierScorecard | undefined }) {
  if (!scorecard) return <Text size="sm">—</Text>;
  const claims = scorecard.claims_quantity + scorecard.claims_quality;
  return (
    <Stack gap={0}>
      <Text size="sm">Responds to {Math.round(scorecard.response_rate * 100)}%</Text>
      <Text size="xs">
        {claims === 0 ? 'No claims' : claims === 1 ? '1 claim' : `${claims} claims`} (quantity or quality)
      </Text>
    </Stack>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" miw={150} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      {children}
    </Table.Tr>
  );
}

/**
 * The offers side by side, a column each: per fuel line the (effective) price and what can be
 * delivered, the itemised charges, fuel cost, landed cost and all-in price per tonne (the server's
 * exact figures), payment terms, validity counting down in port time and the supplier's response
 * time with its record over the last 90 days; the cheapest per line and by landed cost are shaded
 * and labelled.
 */
export function OfferCompare({
  inquiry,
  offers,
  seen,
  canAward,
  onAward,
  onHistory,
  lastDone,
  scorecards,
}: {
  inquiry: InquiryDetail;
  offers: OfferView[];
  /** Per fuel line, what was last awarded for its grade at this port. */
  lastDone: ReadonlyMap<string, LastDoneLine>;
  /** Per supplier, its scorecard over the last 90 days. */
  scorecards: ReadonlyMap<string, SupplierScorecard>;
  /** Offers as the trader saw them when an award was refused as stale: what changed since is marked. */
  seen: ReadonlyMap<string, OfferView>;
  canAward: boolean;
  onAward: (offer: OfferView) => void;
  onHistory: (offer: OfferView) => void;
}) {
  const zone = inquiry.port_details?.timezone ?? 'UTC';
  const now = useNow();
  const expired = new Map(offers.map((o) => [o.id, isExpired(o, now)]));
  const revised = new Map(
    offers.map((o) => {
      const before = seen.get(o.id);
      return [o.id, before ? revisedParts(before, o) : new Set<OfferPart>()];
    }),
  );
  /** A column's cell; one the supplier changed since the revision the trader saw says so, and what it was. */
  const cell = (
    offer: OfferView,
    content: ReactNode,
    highlight = false,
    part?: OfferPart,
    was?: (before: OfferView) => string,
  ) => {
    const before = part && revised.get(offer.id)?.has(part) ? seen.get(offer.id) : undefined;
    return (
      <Table.Td
        key={offer.id}
        style={{ verticalAlign: 'top', background: before ? CHANGED : highlight ? HIGHLIGHT : undefined }}
      >
        {content}
        {before && (
          <Text size="xs" fw={600} mt={4}>
            {was ? `Changed · was ${was(before)}` : `Changed since revision ${before.revision}`}
          </Text>
        )}
      </Table.Td>
    );
  };

  return (
    <Table.ScrollContainer minWidth={180 + offers.length * 220}>
      <Table withColumnBorders withTableBorder aria-label="Offers compared" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={170}>
              Offer
            </Table.Th>
            {offers.map((o) => (
              <Table.Th key={o.id} scope="col" style={{ verticalAlign: 'top' }}>
                <OfferHeader offer={o} zone={zone} seenRevision={seen.get(o.id)?.revision ?? null} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Row label="Status">
            {offers.map((o) =>
              cell(
                o,
                <Stack gap={4}>
                  <OfferBadges offer={o} expired={expired.get(o.id) ?? false} />
                  {o.awarded_line_ids && (
                    <Text size="xs">
                      Won:{' '}
                      {inquiry.products
                        .filter((l) => o.awarded_line_ids!.includes(l.id))
                        .map((l) => l.product_name)
                        .join(', ')}
                    </Text>
                  )}
                </Stack>,
              ),
            )}
          </Row>
          {inquiry.products.map((line) => (
            <Row
              key={line.id}
              label={
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {line.product_name}
                  </Text>
                  <Text size="xs" c="dimmed" fw={400}>
                    {formatQuantityRange(line.quantity_mt_min, line.quantity_mt_max)} requested
                  </Text>
                  <LastDoneLabel lastDone={lastDone.get(line.id)} />
                </Stack>
              }
            >
              {offers.map((o) =>
                cell(
                  o,
                  <>
                    <LineCell offer={o} lineId={line.id} productName={line.product_name} />
                    <LastDoneDifference
                      price={o.per_product_lines[line.id]?.effective_price_per_mt}
                      lastDone={lastDone.get(line.id)}
                    />
                  </>,
                  o.cheapest_lines.includes(line.id),
                  `line:${line.id}`,
                  (before) => lineText(before, line.id),
                ),
              )}
            </Row>
          ))}
          <Row label="Itemised charges">
            {offers.map((o) =>
              cell(o, <ChargesCell offer={o} products={inquiry.products} />, false, 'charges'),
            )}
          </Row>
          <Row label="Fuel cost">
            {offers.map((o) =>
              cell(o, amountOrPending(o.fuel_cost), false, 'fuel_cost', (b) => amountOrPending(b.fuel_cost)),
            )}
          </Row>
          <Row label="Charges total">
            {offers.map((o) =>
              cell(o, o.charges.length ? amountOrPending(o.charges_cost) : '—', false, 'charges_cost', (b) =>
                b.charges.length ? amountOrPending(b.charges_cost) : '—',
              ),
            )}
          </Row>
          <Row label="Total landed cost">
            {offers.map((o) =>
              cell(o, <LandedCostCell offer={o} />, o.cheapest_total, 'total_landed_cost', (b) =>
                amountOrPending(b.total_landed_cost),
              ),
            )}
          </Row>
          <Row label="All-in per MT">
            {offers.map((o) =>
              cell(o, amountOrPending(o.all_in_per_mt), false, 'all_in_per_mt', (b) =>
                amountOrPending(b.all_in_per_mt),
              ),
            )}
          </Row>
          {offers.some((o) => o.round > 1) && (
            <Row label="Round">{offers.map((o) => cell(o, <RoundCell offer={o} />))}</Row>
          )}
          <Row label="Payment terms">
            {offers.map((o) => cell(o, <PaymentCell offer={o} />, false, 'payment'))}
          </Row>
          <Row label="Validity">
            {offers.map((o) =>
              cell(
                o,
                <Text size="sm" c={expired.get(o.id) ? 'red.8' : undefined}>
                  {validityText(o.valid_until, zone, now, expired.get(o.id))}
                </Text>,
                false,
                'valid_until',
                (b) => (b.valid_until ? formatPortShort(b.valid_until, zone) : '—'),
              ),
            )}
          </Row>
          <Row label="Response time">{offers.map((o) => cell(o, responseText(o)))}</Row>
          <Row label="Last 90 days">
            {offers.map((o) =>
              cell(
                o,
                <SupplierRecordCell scorecard={o.supplier.id ? scorecards.get(o.supplier.id) : undefined} />,
              ),
            )}
          </Row>
          <Row label="Remarks">
            {offers.map((o) =>
              cell(
                o,
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {o.remarks ?? '—'}
                </Text>,
                false,
                'remarks',
                (b) => b.remarks ?? '—',
              ),
            )}
          </Row>
          {offers.some((o) => o.award_notes) && (
            <Row label="Award notes">{offers.map((o) => cell(o, o.award_notes ?? '—'))}</Row>
          )}
          <Row label="Actions">
            {offers.map((o) =>
              cell(
                o,
                <Stack gap="xs" align="flex-start">
                  {canAward && o.status === 'submitted' && !expired.get(o.id) && (
                    <MailSendButton
                      size="xs"
                      color="teal"
                      onClick={() => onAward(o)}
                      aria-label={`Award This Offer (${o.supplier.trading_name})`}
                    >
                      Award This Offer
                    </MailSendButton>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onHistory(o)}
                    aria-label={`History (${o.supplier.trading_name})`}
                  >
                    History
                  </Button>
                </Stack>,
              ),
            )}
          </Row>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
