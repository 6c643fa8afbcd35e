import { Alert, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { CustomerMonthSavings } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';

/**
 * Issue 26 §3: what the awards saved, per customer and UTC month over the last 12 months (a split
 * award by its split landed cost, counted once).
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
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Savings per customer">
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
              {rows.map((r) => (
                <Table.Tr key={`${r.month} ${r.customer_name ?? ''}`}>
                  <Table.Td>{r.month}</Table.Td>
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
