import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { CHARGE_KIND_LABELS, paymentText, type StemView } from '@mfd/contracts';
import { PageHeader } from '../../../components/page-header';
import { errorDetail } from '../../../lib/api-client';
import { formatQuantityRange, formatUsd } from '../../../lib/money';
import { formatPortTime } from '../../../lib/port-time';
import { useStem } from '../api/stems';
import { StemClausesCard } from '../components/stem-clauses-card';
import { StemConfirmationCard } from '../components/stem-confirmation-card';
import { StemLifeSections } from '../components/stem-life-sections';
import { StemPricingForm } from '../components/stem-pricing-form';
import { StemStatusBadge } from '../components/stem-status-badge';

const usd = (v: string | null) => (v === null ? 'Waiting for the index' : formatUsd(v));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

function StemFacts({ stem }: { stem: StemView }) {
  const zone = stem.port.timezone ?? 'UTC';
  return (
    <Card withBorder padding="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label="Seller (supplier)">{stem.supplier.trading_name}</Fact>
        <Fact label="Buyer (customer)">{stem.customer.legal_entity_name ?? '—'}</Fact>
        <Fact label="Trader">{stem.company_name ?? '—'}</Fact>
        <Fact label="Vessel">
          {stem.vessel_name}
          {stem.imo ? ` (IMO ${stem.imo})` : ''}
        </Fact>
        <Fact label="Port">{stem.port.name ?? '—'}</Fact>
        <Fact label="Delivery window (port time)">
          {formatPortTime(stem.delivery_from, zone) ?? '—'} – {formatPortTime(stem.delivery_to, zone) ?? '—'}
        </Fact>
        <Fact label="Agent">{[stem.agent_name, stem.agent_email].filter(Boolean).join(', ') || '—'}</Fact>
        <Fact label="Payment">{stem.payment ? paymentText(stem.payment) : (stem.payment_terms ?? '—')}</Fact>
        <Fact label="Selling terms">{stem.selling_terms ?? '—'}</Fact>
      </SimpleGrid>
    </Card>
  );
}

function StemLines({ stem }: { stem: StemView }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Fuel lines
      </Title>
      <Table.ScrollContainer minWidth={700}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Grade</Table.Th>
              <Table.Th>Quantity (MT)</Table.Th>
              <Table.Th>Delivery</Table.Th>
              <Table.Th>Buy (USD/MT)</Table.Th>
              <Table.Th>Sell (USD/MT)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stem.lines.map((l) => (
              <Table.Tr key={l.product_line_id}>
                <Table.Td>
                  {l.product_name}{' '}
                  <Text span c="dimmed" size="sm">
                    {l.iso_spec}
                  </Text>
                  {l.pricing === 'index' && (
                    <Text size="sm" c="dimmed">
                      {l.index_name} {l.differential}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatQuantityRange(l.quantity_mt_min, l.quantity_mt_max)}</Table.Td>
                <Table.Td>{l.delivery_method}</Table.Td>
                <Table.Td>{usd(l.buy_price_per_mt)}</Table.Td>
                <Table.Td>{usd(l.sell_price_per_mt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {stem.charges.length > 0 && (
        <Stack gap={2} mt="sm">
          {stem.charges.map((c, i) => (
            <Text key={i} size="sm">
              {CHARGE_KIND_LABELS[c.kind]}: {c.amount_usd === null ? 'contingent' : formatUsd(c.amount_usd)}
            </Text>
          ))}
        </Stack>
      )}
      <Group mt="md" gap="xl">
        {stem.pricing_mode === 'commission' ? (
          <Fact label="Commission (internal)">{usd(stem.commission_usd)}</Fact>
        ) : (
          <Fact label="Margin (internal)">{usd(stem.margin_usd)}</Fact>
        )}
      </Group>
    </Card>
  );
}

/** Issue 24 §1: one stem, its parties, lines with buy and sell prices, terms, clauses and pricing. */
export function StemDetailPage() {
  const { stemId = '' } = useParams();
  const stem = useStem(stemId);
  if (stem.isPending) return <Skeleton height={300} />;
  if (stem.isError)
    return <Alert color="red">{errorDetail(stem.error, 'The stem could not be loaded.')}</Alert>;
  const s = stem.data;
  return (
    <>
      <PageHeader
        title={`Stem ${s.reference}`}
        description={`${s.vessel_name} at ${s.port.name ?? 'the port'} with ${s.supplier.trading_name}`}
        actions={
          <>
            <StemStatusBadge status={s.status} />
            <Anchor component={Link} to={`/inquiries/${s.inquiry_id}`}>
              Inquiry
            </Anchor>
          </>
        }
      />
      <Stack>
        <StemFacts stem={s} />
        <StemLines stem={s} />
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Pricing
          </Title>
          <StemPricingForm key={`${s.id}-${s.pricing_mode}`} stem={s} />
        </Card>
        <StemClausesCard stem={s} />
        <StemConfirmationCard stem={s} />
        <StemLifeSections stem={s} />
      </Stack>
    </>
  );
}
