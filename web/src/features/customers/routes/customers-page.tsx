import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconBuilding,
  IconChartBar,
  IconFileDescription,
  IconPlus,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Customer } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { StatCard } from '../../../components/stat-card';
import { countryName } from '../../../lib/countries';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { customerStatsQuery, useCustomers, useDeleteCustomer } from '../api/customers';
import { CustomerDialog } from '../../../components/customer-dialog';
import { ListPages } from '../../../components/list-pages';

const PAGE_SIZE = 25;

export function CustomersPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ customer?: Customer } | null>(null);
  const customers = useCustomers({ q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const stats = useQuery(customerStatsQuery);
  const remove = useDeleteCustomer();

  const confirmDelete = (customer: Customer) =>
    modals.openConfirmModal({
      title: 'Delete customer',
      children: (
        <Text size="sm">
          Are you sure you want to delete {customer.legal_entity_name}? This action cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(customer.id, {
          onSuccess: () => notifySuccess('Customer deleted successfully'),
          onError: () => notifyError('Error: Failed to delete customer'),
        }),
    });

  const rows = customers.data?.items ?? [];
  const total = customers.data?.total ?? 0;
  const refresh = () => void Promise.all([customers.refetch(), stats.refetch()]);

  return (
    <>
      <PageHeader
        title="Customers"
        description="The shipowners and operators you buy fuel for."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={refresh}
              disabled={customers.isFetching}
            >
              Refresh
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
              Add Customer
            </Button>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <StatCard
          label="Total Customers"
          value={stats.data?.total_customers}
          loading={stats.isLoading}
          icon={<IconBuilding size={22} />}
        />
        <StatCard
          label="Active Customers"
          value={stats.data?.active_customers}
          loading={stats.isLoading}
          icon={<IconChartBar size={22} />}
        />
        <StatCard
          label="Total Inquiries"
          value={stats.data?.total_inquiries}
          loading={stats.isLoading}
          icon={<IconFileDescription size={22} />}
        />
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="md">
          <TextInput
            aria-label="Search customers"
            placeholder="Search by name, e-mail or city"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 360 }}
          />
          <Text size="sm" c="dimmed">
            {total} customer{total === 1 ? '' : 's'}
          </Text>
        </Group>
        {customers.isError && (
          <Alert color="red" mb="md">
            Unable to load customers. Please refresh.
          </Alert>
        )}
        {customers.isLoading ? (
          <Skeleton height={200} />
        ) : rows.length === 0 ? (
          <EmptyState
            title="No customers found"
            description={q ? 'No customer matches this search.' : 'Add the companies you buy fuel for.'}
            action={
              !q && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
                  Add Your First Customer
                </Button>
              )
            }
          />
        ) : (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover aria-label="Customer directory" data-sticky-actions>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Company</Table.Th>
                    <Table.Th>Contact Person</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Phone</Table.Th>
                    <Table.Th>Country</Table.Th>
                    <Table.Th ta="right">Inquiries</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {c.legal_entity_name}
                        </Text>
                        {(c.brand_name || c.trading_name) && (
                          <Text size="xs" c="dimmed">
                            {c.brand_name ?? c.trading_name}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{c.contact_name ?? '—'}</Text>
                        {c.contact_position && (
                          <Text size="xs" c="dimmed">
                            {c.contact_position}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{c.general_email ?? '—'}</Table.Td>
                      <Table.Td>{c.main_phone ?? '—'}</Table.Td>
                      <Table.Td>{countryName(c.country) || '—'}</Table.Td>
                      <Table.Td ta="right">{c.inquiry_count}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setDialog({ customer: c })}
                            aria-label={`Edit ${c.legal_entity_name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => confirmDelete(c)}
                            loading={remove.isPending && remove.variables === c.id}
                            aria-label={`Delete ${c.legal_entity_name}`}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPages
              total={total}
              pageSize={PAGE_SIZE}
              page={page}
              onChange={setPage}
              label="Customer pages"
            />
          </>
        )}
      </Card>
      {dialog && <CustomerDialog opened onClose={() => setDialog(null)} customer={dialog.customer} />}
    </>
  );
}
