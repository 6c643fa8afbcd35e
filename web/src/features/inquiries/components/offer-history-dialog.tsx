import { Alert, Badge, Card, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  CHARGE_KIND_LABELS,
  chargeTerms,
  chargeView,
  indexFormula,
  paymentText,
  paymentView,
  type OfferRevision,
} from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { formatQuantityRange, formatUsd } from '../../../lib/money';
import { DELIVERY_METHOD_LABELS } from '../../../lib/offer-form-values';
import { formatPortShort } from '../../../lib/port-clock';
import { useOfferRevisions } from '../api/offers';

/** A revision's snapshot is stored as it was submitted; its fields are read with care, not trusted to a type. */
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

interface SnapshotLine {
  name: string;
  /** The fixed price per MT, or an index line's formula. */
  price: string | null;
  min: string | null;
  max: string | null;
  method: string | null;
}

function snapshotLines(content: Record<string, unknown>): SnapshotLine[] {
  const lines = Array.isArray(content.lines) ? (content.lines as unknown[]) : [];
  return lines.flatMap((raw) => {
    if (!raw || typeof raw !== 'object') return [];
    const line = raw as Record<string, unknown>;
    const method = text(line.delivery_method);
    return [
      {
        name: text(line.product_name) ?? 'Fuel line',
        price:
          line.pricing === 'index'
            ? indexFormula(text(line.index_name) ?? 'Index', text(line.differential) ?? '0')
            : text(line.price_per_mt) && `${formatUsd(text(line.price_per_mt) ?? '')}/MT`,
        min: text(line.min_deliverable),
        max: text(line.max_deliverable),
        method: method
          ? (DELIVERY_METHOD_LABELS[method as keyof typeof DELIVERY_METHOD_LABELS] ?? method)
          : null,
      },
    ];
  });
}

/** "Barging: USD 1,500.00 up to 500 MT, then USD 3.00/MT", each charge of a snapshot that parses as one. */
function snapshotCharges(content: Record<string, unknown>): string | null {
  const raw = Array.isArray(content.charges) ? (content.charges as unknown[]) : [];
  const charges = raw.flatMap((c) => {
    const parsed = chargeView.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
  if (charges.length === 0) return null;
  return charges.map((c) => `${CHARGE_KIND_LABELS[c.kind]}: ${chargeTerms(c, formatUsd)}`).join('; ');
}

function snapshotPayment(content: Record<string, unknown>): string | null {
  const payment = paymentView.safeParse(content.payment);
  const parts = [payment.success ? paymentText(payment.data) : null, text(content.payment_terms)];
  return parts.filter(Boolean).join('; ') || null;
}

function RevisionCard({ revision, zone }: { revision: OfferRevision; zone: string }) {
  const content = revision.offer;
  const validUntil = text(content.valid_until);
  const facts: Array<[string, string | null]> = [
    ['Charges', snapshotCharges(content)],
    ['Payment terms', snapshotPayment(content)],
    ['Valid until', validUntil && formatPortShort(validUntil, zone)],
    ['Remarks', text(content.remarks)],
  ];
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Revision {revision.revision}</Text>
        <Group gap="xs">
          {content.source === 'manual' && (
            <Badge size="sm" variant="outline">
              Recorded manually
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            submitted {formatPortShort(revision.submitted_at, zone)}
          </Text>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table fz="sm" aria-label={`Revision ${revision.revision} lines`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fuel</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Deliverable</Table.Th>
              <Table.Th>Delivery</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {snapshotLines(content).map((line, i) => (
              <Table.Tr key={i}>
                <Table.Td>{line.name}</Table.Td>
                <Table.Td>{line.price ?? '—'}</Table.Td>
                <Table.Td>{line.min && line.max ? formatQuantityRange(line.min, line.max) : '—'}</Table.Td>
                <Table.Td>{line.method ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={2} mt="xs">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span fw={500}>
                {label}:
              </Text>{' '}
              {value}
            </Text>
          ))}
        <Text size="sm" fw={600}>
          Landed cost:{' '}
          {revision.total_stem_cost ? formatUsd(revision.total_stem_cost) : 'indicative (index-linked)'}
        </Text>
      </Stack>
    </Card>
  );
}

/** Every revision of one offer with what it said and when (disputes are settled on what was offered when). */
export function OfferHistoryDialog({
  offerId,
  supplierName,
  zone,
  onClose,
}: {
  offerId: string;
  supplierName: string;
  zone: string;
  onClose: () => void;
}) {
  const revisions = useOfferRevisions(offerId);
  const newestFirst = [...(revisions.data ?? [])].sort((a, b) => b.revision - a.revision);
  return (
    <Modal opened onClose={onClose} title={`Offer history: ${supplierName}`} size="lg">
      {revisions.isLoading ? (
        <Skeleton height={160} />
      ) : revisions.isError ? (
        <Alert color="red" role="alert">
          Unable to load the history: {errorDetail(revisions.error, 'please try again.')}
        </Alert>
      ) : newestFirst.length === 0 ? (
        <Text c="dimmed">No revisions recorded.</Text>
      ) : (
        <Stack>
          {newestFirst.map((r) => (
            <RevisionCard key={r.revision} revision={r} zone={zone} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
