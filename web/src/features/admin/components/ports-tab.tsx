import { Badge, Button, Group, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AddPortDialog } from '../../../components/add-port-dialog';
import { usePortsPage } from '../../../lib/api/ports';
import { PendingPorts } from './pending-ports';
import { SharedDataNotice, useCanChangeSharedData } from './shared-data-notice';
import { ListPages } from '../../../components/list-pages';

const PAGE_SIZE = 50;

/**
 * Admin › Ports: the whole port list the company sees (10k+ after an import), searched and paged on
 * the server, its own ports marked until approved; platform operators review those of every company first.
 */
export function PortsTab() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const { data, isLoading } = usePortsPage({ q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const canChange = useCanChangeSharedData();
  return (
    <>
      {!canChange && <SharedDataNotice />}
      {canChange && <PendingPorts />}
      <Group justify="space-between" mb="md">
        <TextInput
          aria-label="Search ports"
          placeholder="Search by name or UN/LOCODE"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 360 }}
        />
        <Group>
          <Text size="sm" c="dimmed">
            {data ? `${data.total.toLocaleString()} ports` : ''}
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Port
          </Button>
        </Group>
      </Group>
      {isLoading ? (
        <Skeleton height={300} />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped aria-label="Ports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>UNLOCODE</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Country</Table.Th>
                <Table.Th>Timezone</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td ff="monospace">{p.unlocode}</Table.Td>
                  <Table.Td>
                    {p.name}{' '}
                    {p.pending && (
                      <Badge size="sm" variant="light" color="blue" autoContrast>
                        Pending approval
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{p.country}</Table.Td>
                  <Table.Td>{p.timezone}</Table.Td>
                </Table.Tr>
              ))}
              {data?.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" ta="center" py="md">
                      {q ? `No ports match "${q}".` : 'No ports yet.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && (
        <ListPages
          total={data.total}
          pageSize={PAGE_SIZE}
          page={page}
          onChange={setPage}
          label="Port pages"
        />
      )}
      {adding && <AddPortDialog opened onClose={() => setAdding(false)} />}
    </>
  );
}
