import { Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { InquirySummary } from '@mfd/contracts';
import { InquiryStatusBadge } from './inquiry-status-badge';

function formatEta(eta: string | null): string {
  if (!eta) return 'TBD';
  return (
    new Date(eta).toLocaleString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    }) + ' UTC'
  );
}

/** Spec §2: the products cell lists each line as "name min-max MT", or says there are none. */
function ProductsCell({ inquiry }: { inquiry: InquirySummary }) {
  if (inquiry.products.length === 0) return <Text size="sm">No products</Text>;
  return (
    <Stack gap={0}>
      {inquiry.products.map((p) => (
        <Text size="sm" key={p.id}>
          {p.product_name} {p.quantity_mt_min}–{p.quantity_mt_max} MT
        </Text>
      ))}
    </Stack>
  );
}

export function InquiriesTable({ rows }: { rows: InquirySummary[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover aria-label="Inquiries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vessel</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Port</Table.Th>
            <Table.Th>ETA</Table.Th>
            <Table.Th>Products</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((inquiry) => (
            <Table.Tr key={inquiry.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {inquiry.vessel_name}
                </Text>
                {inquiry.imo && <Text size="xs">IMO {inquiry.imo}</Text>}
              </Table.Td>
              <Table.Td>{inquiry.customer_name ?? '—'}</Table.Td>
              <Table.Td>{inquiry.port_name ?? '—'}</Table.Td>
              <Table.Td>{formatEta(inquiry.eta)}</Table.Td>
              <Table.Td>
                <ProductsCell inquiry={inquiry} />
              </Table.Td>
              <Table.Td>
                <InquiryStatusBadge status={inquiry.status} />
              </Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={`/inquiries/${inquiry.id}`}
                  size="xs"
                  variant="light"
                  aria-label={`View details of ${inquiry.vessel_name}`}
                >
                  View Details
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
