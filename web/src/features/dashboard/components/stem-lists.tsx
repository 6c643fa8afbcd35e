import { Alert, Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CLAIM_KIND_LABELS } from '@mfd/contracts';
import { timeBarCountdown } from '@mfd/stems';
import { errorDetail } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';
import { formatCalendarDate, formatPortTime } from '../../../lib/port-time';
import { useNow } from '../../../lib/use-now';
import { useStemDashboard } from '../api/stem-dashboard';

function List({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm">
          Nothing to look at.
        </Text>
      ) : (
        <Stack gap="xs">{children}</Stack>
      )}
    </Card>
  );
}

const where = (row: { vessel_name: string; port_name: string | null }) =>
  row.port_name ? `${row.vessel_name} · ${row.port_name}` : row.vessel_name;

/** The dashboard's stem lists: awaiting delivery, invoices due within 7 days, claims near their time bar. */
export function StemDashboardCards() {
  const board = useStemDashboard();
  const now = useNow(60_000);
  if (board.isLoading)
    return (
      <SimpleGrid cols={{ base: 1, md: 3 }} mt="lg">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={120} />
        ))}
      </SimpleGrid>
    );
  if (board.isError || !board.data)
    return (
      <Alert color="red" mt="lg" title="Unable to load the stems">
        {errorDetail(board.error, 'Please try again.')}
      </Alert>
    );
  const { awaiting_delivery, invoices_due, claims_expiring } = board.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} mt="lg" style={{ alignItems: 'start' }}>
      <List title="Stems Awaiting Delivery" empty={awaiting_delivery.length === 0}>
        {awaiting_delivery.map((s) => (
          <Text key={s.stem_id} size="sm">
            <Anchor component={Link} to={`/stems/${s.stem_id}`} fw={500}>
              {s.reference}
            </Anchor>{' '}
            {where(s)}
            {s.delivery_from ? `, from ${formatPortTime(s.delivery_from, s.port_timezone ?? 'UTC')}` : ''}
          </Text>
        ))}
      </List>
      <List title="Invoices Due in 7 Days" empty={invoices_due.length === 0}>
        {invoices_due.map((i) => (
          <Text key={i.stem_id} size="sm">
            <Anchor component={Link} to={`/stems/${i.stem_id}`} fw={500}>
              {i.reference}
            </Anchor>{' '}
            {i.invoice_number}, {formatUsd(i.amount_usd)}, due {formatCalendarDate(i.due_date)}
          </Text>
        ))}
      </List>
      <List title="Claims Near Their Time Bar" empty={claims_expiring.length === 0}>
        {claims_expiring.map((c) => (
          <Text key={c.claim_id} size="sm">
            <Anchor component={Link} to={`/stems/${c.stem_id}`} fw={500}>
              {c.reference}
            </Anchor>{' '}
            {CLAIM_KIND_LABELS[c.kind]} claim, {timeBarCountdown(c.time_bar_at, now)}
          </Text>
        ))}
      </List>
    </SimpleGrid>
  );
}
