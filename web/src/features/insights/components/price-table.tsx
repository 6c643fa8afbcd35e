import { Table } from '@mantine/core';
import type { PriceHistoryDay } from '@mfd/contracts';
import { formatUsd } from '../../../lib/money';

/** The chart's figures as a table: what a screen reader reads, and what a trader copies. */
export function PriceTable({ days }: { days: PriceHistoryDay[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Prices per day">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date (port time)</Table.Th>
            <Table.Th scope="col">Offers</Table.Th>
            <Table.Th scope="col">Lowest</Table.Th>
            <Table.Th scope="col">Median</Table.Th>
            <Table.Th scope="col">Highest</Table.Th>
            <Table.Th scope="col">Awarded</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...days].reverse().map((d) => (
            <Table.Tr key={d.date}>
              <Table.Td>{d.date}</Table.Td>
              <Table.Td>{d.offers}</Table.Td>
              <Table.Td>{formatUsd(d.min_price)}</Table.Td>
              <Table.Td>{formatUsd(d.median_price)}</Table.Td>
              <Table.Td>{formatUsd(d.max_price)}</Table.Td>
              <Table.Td>
                {d.awarded_avg_price ? `${formatUsd(d.awarded_avg_price)} (${d.awarded_count})` : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
