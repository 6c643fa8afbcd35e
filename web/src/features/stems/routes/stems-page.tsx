import { Alert, Anchor, Card, Select, Skeleton, Table } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { STEM_STATUSES, STEM_STATUS_LABELS, type StemStatus } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { errorDetail } from '../../../lib/api-client';
import { formatPortTime } from '../../../lib/port-time';
import { useStems } from '../api/stems';
import { StemStatusBadge } from '../components/stem-status-badge';

/** Issue 24 §1: every stem an award made, newest first, filtered by status. */
export function StemsPage() {
  const [status, setStatus] = useState<StemStatus | null>(null);
  const stems = useStems(status);

  return (
    <>
      <PageHeader
        title="Stems"
        description="The deals your awards confirmed with suppliers, from draft to closed."
        actions={
          <Select
            aria-label="Status"
            placeholder="All statuses"
            clearable
            data={STEM_STATUSES.map((s) => ({ value: s, label: STEM_STATUS_LABELS[s] }))}
            value={status}
            onChange={(v) => setStatus(v as StemStatus | null)}
            w={180}
          />
        }
      />
      <Card withBorder padding="lg">
        {stems.isPending ? (
          <Skeleton height={120} />
        ) : stems.isError ? (
          <Alert color="red">{errorDetail(stems.error, 'The stems could not be loaded.')}</Alert>
        ) : stems.data.length === 0 ? (
          <EmptyState
            title="No stems yet"
            description="Awarding an offer on an inquiry makes a stem with the winning supplier."
          />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Vessel</Table.Th>
                  <Table.Th>Port</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Delivery from</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stems.data.map((stem) => (
                  <Table.Tr key={stem.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/stems/${stem.id}`}>
                        {stem.reference}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{stem.vessel_name}</Table.Td>
                    <Table.Td>{stem.port.name ?? '—'}</Table.Td>
                    <Table.Td>{stem.supplier.trading_name}</Table.Td>
                    <Table.Td>{stem.customer.legal_entity_name ?? '—'}</Table.Td>
                    <Table.Td>
                      {formatPortTime(stem.delivery_from, stem.port.timezone ?? 'UTC') ?? '—'}
                    </Table.Td>
                    <Table.Td>
                      <StemStatusBadge status={stem.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </>
  );
}
