import { Alert, Button, Card, Group, Select, Skeleton, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { INQUIRY_STATUSES, type InquiryStatus, type InquirySummary } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useInquiries } from '../api/inquiries';
import { InquiriesTable } from '../components/inquiries-table';
import { type InquiryListView, listViewParams, parseListView } from './inquiry-list-params';
import { ListPages } from '../../../components/list-pages';

const PAGE_SIZE = 25;
const NO_ROWS: InquirySummary[] = [];
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
  // Tab, status, search and page live in the address, so reload and Back show the same rows.
  const [params, setParams] = useSearchParams();
  const { scope, status, q, page } = parseListView(params);
  // Built on the address as it is now: React Router's setSearchParams hands its updater the params of
  // the last render, so a choice made before the previous one rendered would undo that one.
  const show = useCallback(
    (change: Partial<InquiryListView>, replace = false) =>
      setParams(
        listViewParams({ ...parseListView(new URLSearchParams(window.location.search)), ...change }),
        {
          replace,
        },
      ),
    [setParams],
  );

  // Typing rewrites the current entry once per pause, not per key: Back leaves the list, not a letter.
  const [search, setSearch] = useState(q);
  // The search the address has or is about to have: the address renders a moment after it is written.
  const written = useRef(q);
  const writeSearch = useDebouncedCallback((typed: string) => {
    if (typed === written.current) return;
    written.current = typed;
    show({ q: typed, page: 1 }, true);
  }, 300);
  // Back or a link changed the search: the box shows it, and a write still waiting must not undo it.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    writeSearch.cancel();
    setSearch(q);
  }, [q, writeSearch]);

  // The status shown is the one last chosen, and the address's whenever that changes: the address
  // renders in a transition, which a slow machine can hold back for seconds, and a Select still
  // showing the old status takes a pick of that old status for no change.
  const [shownStatus, setShownStatus] = useState(status);
  const [renderedStatus, setRenderedStatus] = useState(status);
  if (status !== renderedStatus) {
    setRenderedStatus(status);
    setShownStatus(status);
  }

  const inquiries = useInquiries({
    q,
    status,
    mine: scope === 'mine',
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const rows = inquiries.data?.items ?? NO_ROWS;
  // A page of rows renders in the background, React yielding to the browser every few milliseconds:
  // typing in the search box and the page's first paint do not wait for 25 rows of cells.
  const shownRows = useDeferredValue(rows);
  const total = inquiries.data?.total ?? 0;
  const filtered = Boolean(q || status);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page past the end (rows since cancelled, an old link) shows the last page instead of nothing.
  const pastEnd = inquiries.isSuccess && !inquiries.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) show({ page: pages }, true);
  }, [pastEnd, pages, show]);

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
              writeSearch(e.currentTarget.value.trim());
            }}
            w={{ base: '100%', sm: 320 }}
          />
          <Select
            aria-label="Filter by status"
            data={STATUS_OPTIONS}
            value={shownStatus}
            onChange={(v) => {
              const chosen = (v ?? '') as InquiryStatus | '';
              setShownStatus(chosen);
              show({ status: chosen, page: 1 });
            }}
            allowDeselect={false}
            // Mantine keeps a closed dropdown mounted, and placing it forces a style recalculation of
            // the whole page as the list first renders (50 ms on a slow core): mount it on opening.
            comboboxProps={{ keepMounted: false }}
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
          <InquiriesTable rows={shownRows} />
          <ListPages
            total={total}
            pageSize={PAGE_SIZE}
            page={page}
            onChange={(p) => show({ page: p })}
            label="Inquiry pages"
          />
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
          onChange={(v) => show({ scope: v === 'all' ? 'all' : 'mine', page: 1 })}
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
