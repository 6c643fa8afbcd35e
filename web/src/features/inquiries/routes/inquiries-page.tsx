import {
  Alert,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Skeleton,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { INQUIRY_STATUSES, type InquiryStatus } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useInquiries } from '../api/inquiries';
import { InquiriesTable } from '../components/inquiries-table';

const PAGE_SIZE = 25;
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...INQUIRY_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

/** The way to the create form (/inquiries/new), shown in the header and in an empty list. */
function CreateInquiryLink() {
  return (
    <Button component={Link} to="/inquiries/new" leftSection={<IconPlus size={16} />}>
      Create New Inquiry
    </Button>
  );
}

/** Spec §2 "Inquiries page": the list with search, status filter and paging; the create form has its own page. */
export function InquiriesPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<InquiryStatus | ''>('');
  const [page, setPage] = useState(1);
  // A desk shares its inquiries: each trader starts on their own, the whole desk a tab away.
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const inquiries = useInquiries({
    q,
    status,
    mine: scope === 'mine',
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const rows = inquiries.data?.items ?? [];
  const total = inquiries.data?.total ?? 0;
  const filtered = Boolean(q || status);

  // One list, shown in the panel of the tab chosen (the other panel stays empty).
  const list = (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group wrap="wrap">
          <TextInput
            aria-label="Search inquiries"
            placeholder="Vessel, IMO, customer or port"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 320 }}
          />
          <Select
            aria-label="Filter by status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => {
              setStatus((v ?? '') as InquiryStatus | '');
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
          />
        </Group>
        <Text size="sm">
          {total} inquir{total === 1 ? 'y' : 'ies'}
        </Text>
      </Group>
      {inquiries.isError && (
        <Alert color="red" mb="md">
          Unable to load inquiries. Please refresh.
        </Alert>
      )}
      {inquiries.isLoading ? (
        <Skeleton height={200} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={
            filtered
              ? 'No inquiries found'
              : scope === 'mine'
                ? 'No inquiries of yours yet'
                : 'No inquiries yet'
          }
          description={
            filtered
              ? 'No inquiry matches this search.'
              : 'Log an inquiry for a customer’s vessel, then send it to the suppliers at the port.'
          }
          action={!filtered && <CreateInquiryLink />}
        />
      ) : (
        <>
          <InquiriesTable rows={rows} />
          {total > PAGE_SIZE && (
            <Group justify="center" mt="md">
              <Pagination
                total={Math.ceil(total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                aria-label="Inquiry pages"
              />
            </Group>
          )}
        </>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title="Inquiries"
        description="Fuel inquiries for your customers’ vessels."
        actions={<CreateInquiryLink />}
      />
      <Card withBorder padding="lg">
        <Tabs
          value={scope}
          onChange={(v) => {
            setScope(v === 'all' ? 'all' : 'mine');
            setPage(1);
          }}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="mine">My inquiries</Tabs.Tab>
            <Tabs.Tab value="all">All inquiries</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mine">{list}</Tabs.Panel>
          <Tabs.Panel value="all">{list}</Tabs.Panel>
        </Tabs>
      </Card>
    </>
  );
}
