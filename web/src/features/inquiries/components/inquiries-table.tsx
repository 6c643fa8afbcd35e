import { Button, Stack, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { InquirySummary } from '@mfd/contracts';
import { formatQuantityRange } from '../../../lib/money';
import { utcOffsetLabel } from '../../../lib/port-clock';
import { formatPortTime, formatUtc } from '../../../lib/port-time';
import { InquiryStatusBadge } from './inquiry-status-badge';

/** The ETA as the port reads it, with its offset, so the list and the mails agree; UTC without a port. */
function formatEta(eta: string | null, zone: string | null): string {
  if (!eta) return 'TBD';
  if (!zone) return formatUtc(eta) ?? 'TBD';
  return `${formatPortTime(eta, zone)} (${utcOffsetLabel(eta, zone)})`;
}

/** The day the inquiry was logged, as the user's own calendar reads it: the list's order. */
const createdDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const createdAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function CreatedCell({ iso }: { iso: string }) {
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={createdAt.format(at)}>
      {createdDay.format(at)}
    </time>
  );
}

/** Spec §2: the products cell lists each line as "name min-max MT", or says there are none. */
function ProductsCell({ inquiry }: { inquiry: InquirySummary }) {
  if (inquiry.products.length === 0) return <Text size="sm">No products</Text>;
  return (
    <Stack gap={0}>
      {inquiry.products.map((p) => (
        <Text size="sm" key={p.id}>
          {p.product_name} {formatQuantityRange(p.quantity_mt_min, p.quantity_mt_max)}
        </Text>
      ))}
    </Stack>
  );
}

/** Memoised: the page renders it again only when its deferred rows change. */
export const InquiriesTable = memo(function InquiriesTable({ rows }: { rows: InquirySummary[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover aria-label="Inquiries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vessel</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Port</Table.Th>
            {/* Newest first: the created day shows the order (ETAs need not follow it); on a phone it gives way. */}
            <Table.Th visibleFrom="sm">Created</Table.Th>
            <Table.Th>ETA</Table.Th>
            <Table.Th>Products</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Owner</Table.Th>
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
              <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                <CreatedCell iso={inquiry.created_at} />
              </Table.Td>
              <Table.Td>{formatEta(inquiry.eta, inquiry.port_timezone)}</Table.Td>
              <Table.Td>
                <ProductsCell inquiry={inquiry} />
              </Table.Td>
              <Table.Td>
                <InquiryStatusBadge status={inquiry.status} />
              </Table.Td>
              <Table.Td>{inquiry.owner.name}</Table.Td>
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
});
