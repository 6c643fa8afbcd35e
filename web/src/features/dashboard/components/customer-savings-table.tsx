import { Alert, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { CustomerMonthSavings } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';
import { latestFirst } from '../savings-order';

/**
 * Issue 26 §3: what the awards saved, per customer and UTC month over the last 12 months (a split
 * award by its split landed cost, counted once). A year of customers is many rows: they scroll in
 * a bounded box under a header that stays, so the card sits beside the chart at a glance.
 */
export function CustomerSavingsTable({
  rows,
  loading,
  error,
}: {
  rows: CustomerMonthSavings[] | undefined;
  loading: boolean;
  error: unknown;
}) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm" id={titleId}>
        Savings per customer
      </Title>
      {loading ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={20} />
          ))}
        </Stack>
      ) : error ? (
        <Alert color="red" title="Unable to load the savings">
          {errorDetail(error, 'Please try again.')}
        </Alert>
      ) : !rows?.length ? (
        <Text c="dimmed" size="sm">
          Nothing yet.
        </Text>
      ) : (
        // Focusable and named, so a keyboard user can scroll it too (a scrolling region with no link in it).
        <Table.ScrollContainer
          minWidth={560}
          maxHeight={340}
          type="native"
          tabIndex={0}
          role="region"
          aria-labelledby={titleId}
        >
          <Table striped stickyHeader aria-label="Savings per customer">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                <Table.Th scope="col">Customer</Table.Th>
                <Table.Th scope="col">Awards</Table.Th>
                <Table.Th scope="col">Saved vs average</Table.Th>
                <Table.Th scope="col">Saved vs highest</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {latestFirst(rows).map((r) => (
                <Table.Tr key={`${r.month} ${r.customer_name ?? ''}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.month}</Table.Td>
                  <Table.Td>{r.customer_name ?? '—'}</Table.Td>
                  <Table.Td>{r.awarded}</Table.Td>
                  <Table.Td>{formatUsd(r.vs_average_usd)}</Table.Td>
                  <Table.Td>{formatUsd(r.vs_highest_usd)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
