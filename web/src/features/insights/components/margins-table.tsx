import { Alert, Skeleton, Stack, Table, Text } from '@mantine/core';
import { PeriodCaption, PeriodFields, type PeriodInput } from '../../../components/report-period';
import { errorDetail } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';
import { useMargins } from '../api/margins';

/** Issue 26 §3: the margin (or commission) of the company's stems per month, customer and grade, over a period. */
export function MarginsTable({ period }: { period: PeriodInput }) {
  const margins = useMargins(period);
  return (
    <Stack>
      <PeriodFields period={period} name="Margins period" error={margins.error} />
      <PeriodCaption period={period} />
      <MarginsFigures margins={margins} />
    </Stack>
  );
}

function MarginsFigures({ margins }: { margins: ReturnType<typeof useMargins> }) {
  if (margins.isLoading) return <Skeleton height={120} />;
  if (margins.isError)
    return (
      <Alert color="red" role="alert">
        Unable to load the margins: {errorDetail(margins.error, 'please try again in a moment.')}
      </Alert>
    );
  const items = margins.data?.items ?? [];
  if (items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No stems were made in this period.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped aria-label="Margins and commissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col">Grade</Table.Th>
            <Table.Th scope="col">Stems</Table.Th>
            <Table.Th scope="col">Margin</Table.Th>
            <Table.Th scope="col">Commission</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => (
            <Table.Tr key={`${m.month} ${m.customer ?? ''} ${m.grade}`}>
              <Table.Td>{m.month}</Table.Td>
              <Table.Td>{m.customer ?? '—'}</Table.Td>
              <Table.Td>{m.grade}</Table.Td>
              <Table.Td>{m.stems}</Table.Td>
              <Table.Td>{formatUsd(m.margin_usd)}</Table.Td>
              <Table.Td>
                {formatUsd(m.commission_usd)}
                {m.lines_unpriced > 0 && (
                  <Text size="xs" c="dimmed">
                    {m.lines_unpriced} line{m.lines_unpriced === 1 ? '' : 's'} waiting for an index value
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
