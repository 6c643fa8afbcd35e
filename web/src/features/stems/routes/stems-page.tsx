import { Alert, Anchor, Card, Group, Select, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { STEM_STATUSES, STEM_STATUS_LABELS, type StemStatus } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { errorDetail } from '../../../lib/api-client';
import { formatPortTime } from '../../../lib/port-time';
import { useStems } from '../api/stems';
import { StemStatusBadge } from '../components/stem-status-badge';
import { ListPages } from '../../../components/list-pages';

const PAGE_SIZE = 25;

/** Issue 24 §1: every stem an award made, newest first, searched, filtered by status and paged. */
export function StemsPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StemStatus | null>(null);
  const [page, setPage] = useState(1);
  const stems = useStems({ q, status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const total = stems.data?.total ?? 0;
  const filtered = Boolean(q || status);

  return (
    <>
      <PageHeader
        title="Stems"
        description="The deals your awards confirmed with suppliers, from draft to closed."
      />
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Group wrap="wrap">
            <TextInput
              aria-label="Search stems"
              placeholder="Reference, vessel, supplier or customer"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 320 }}
            />
            <Select
              aria-label="Status"
              placeholder="All statuses"
              clearable
              data={STEM_STATUSES.map((s) => ({ value: s, label: STEM_STATUS_LABELS[s] }))}
              value={status}
              onChange={(v) => {
                setStatus(v as StemStatus | null);
                setPage(1);
              }}
              w={{ base: '100%', sm: 180 }}
            />
          </Group>
          {stems.data && (
            <Text size="sm">
              {total} stem{total === 1 ? '' : 's'}
            </Text>
          )}
        </Group>
        {stems.isPending ? (
          <Skeleton height={120} />
        ) : stems.isError ? (
          <Alert color="red">{errorDetail(stems.error, 'The stems could not be loaded.')}</Alert>
        ) : stems.data.items.length === 0 ? (
          <EmptyState
            title={filtered ? 'No stems found' : 'No stems yet'}
            description={
              filtered
                ? 'No stem matches this search.'
                : 'Awarding an offer on an inquiry makes a stem with the winning supplier.'
            }
          />
        ) : (
          <>
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
                  {stems.data.items.map((stem) => (
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
            <ListPages total={total} pageSize={PAGE_SIZE} page={page} onChange={setPage} label="Stem pages" />
          </>
        )}
      </Card>
    </>
  );
}
