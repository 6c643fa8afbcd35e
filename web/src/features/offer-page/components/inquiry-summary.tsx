import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPortAndUtc, type PublicOfferPage } from '@mfd/contracts';
import { formatQuantityRange } from '../../../lib/money';
import { traderLabel } from './trader-label';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

/** The inquiry as the supplier may see it: vessel, port call in port time and UTC, terms, the fuel asked for and the trader's notes for suppliers (no customer). */
export function InquirySummary({ page }: { page: PublicOfferPage }) {
  const { inquiry } = page;
  const zone = inquiry.port_timezone;
  const port = [inquiry.port_name, inquiry.port_unlocode && `(${inquiry.port_unlocode})`]
    .filter(Boolean)
    .join(' ');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack>
        <Title order={2} size="h4">
          Inquiry
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Supplier">{page.supplier_name}</Fact>
          <Fact label="From">{traderLabel(inquiry.trader)}</Fact>
          <Fact label="Vessel">{inquiry.vessel_name}</Fact>
          <Fact label="IMO">{inquiry.imo}</Fact>
          <Fact label="Port">{port}</Fact>
          <Fact label="Selling terms">{inquiry.selling_terms}</Fact>
          <Fact label="ETA">{formatPortAndUtc(inquiry.eta, zone)}</Fact>
          <Fact label="ETB">{formatPortAndUtc(inquiry.etb, zone)}</Fact>
          <Fact label="ETD">{formatPortAndUtc(inquiry.etd, zone)}</Fact>
          <Fact label="Reply by">{formatPortAndUtc(inquiry.reply_by, zone)}</Fact>
        </SimpleGrid>
        <Table.ScrollContainer minWidth={300}>
          <Table fz="sm" aria-label="Fuel requested">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fuel</Table.Th>
                <Table.Th>ISO spec</Table.Th>
                <Table.Th>Quantity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inquiry.products.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.product_name}</Table.Td>
                  <Table.Td>{p.iso_spec}</Table.Td>
                  <Table.Td>{formatQuantityRange(p.quantity_mt_min, p.quantity_mt_max)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {inquiry.supplier_notes && (
          <div>
            <Text size="xs" fw={600} tt="uppercase" c="dimmed">
              Notes
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="supplier-notes">
              {inquiry.supplier_notes}
            </Text>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
