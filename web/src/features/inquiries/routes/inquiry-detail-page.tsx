import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ACTIVE_INQUIRY_STATUSES, type InquiryDetail } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { MailSendButton } from '../../../components/mail-send-button';
import { OwnerSelect } from '../components/owner-select';
import { PageHeader } from '../../../components/page-header';
import { InquiryStemLinks } from '../../../components/inquiry-stem-links';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useNotificationArrivals } from '../../../lib/api/notifications';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCancelInquiry, useCopyInquiry, useInquiry } from '../api/inquiries';
import { useInquiryMessages } from '../api/messages';
import { useOffers } from '../api/offers';
import { CancelReason } from '../components/cancel-reason';
import { InquiryDetailsCard } from '../components/inquiry-details-card';
import { InquiryStatusBadge } from '../components/inquiry-status-badge';
import { PendingAmendment } from '../components/pending-amendment';
import { ProductLinesCard } from '../components/product-lines-card';

// The tabs other than Details are fetched when first opened, keeping the page's own download small.
const SuppliersTab = lazy(() =>
  import('../components/suppliers-tab').then((m) => ({ default: m.SuppliersTab })),
);
const OffersTab = lazy(() => import('../components/offers-tab').then((m) => ({ default: m.OffersTab })));
const MessagesTab = lazy(() =>
  import('../components/messages-tab').then((m) => ({ default: m.MessagesTab })),
);
const TimelineTab = lazy(() =>
  import('../components/timeline-tab').then((m) => ({ default: m.TimelineTab })),
);

const TABS = ['details', 'suppliers', 'offers', 'messages', 'timeline'] as const;

function CancelButton({ inquiry }: { inquiry: InquiryDetail }) {
  const cancel = useCancelInquiry(inquiry.id);
  // A draft went to nobody; cancelling a sent one mails its suppliers a notice.
  const CancelAction = inquiry.status === 'draft' ? Button : MailSendButton;
  const open = () => {
    let reason = '';
    modals.openConfirmModal({
      title: 'Cancel inquiry',
      children: <CancelReason inquiryId={inquiry.id} onChange={(r) => (reason = r)} />,
      labels: { confirm: 'Cancel Inquiry', cancel: 'Keep Inquiry' },
      confirmProps: { color: 'red' },
      // mutateAsync, not mutate's callbacks: the refetch after a cancel unmounts this button (the
      // inquiry is no longer open) and mutate's callbacks are dropped once their component is gone.
      onConfirm: () =>
        void cancel.mutateAsync(reason).then(
          () => notifySuccess('Inquiry cancelled.'),
          (err: unknown) => notifyError(`Error cancelling inquiry: ${errorDetail(err, 'Unknown error')}`),
        ),
    });
  };
  return (
    <CancelAction variant="light" color="red" onClick={open} loading={cancel.isPending}>
      Cancel Inquiry
    </CancelAction>
  );
}

/**
 * "Copy as new inquiry" (any status): the copy opens with its details in edit mode, for the dates
 * of the new call it has none of.
 */
function CopyButton({ inquiry }: { inquiry: InquiryDetail }) {
  const copy = useCopyInquiry(inquiry.id);
  const navigate = useNavigate();
  const run = () =>
    void copy.mutateAsync().then(
      (created) => {
        notifySuccess(created.detail);
        navigate(`/inquiries/${created.id}`, { state: { editDetails: true } });
      },
      (err: unknown) => notifyError(`Error copying inquiry: ${errorDetail(err, 'Unknown error')}`),
    );
  return (
    <Button variant="default" leftSection={<IconCopy size={16} />} onClick={run} loading={copy.isPending}>
      Copy as New Inquiry
    </Button>
  );
}

/**
 * Spec §2 "Inquiry detail": the tabs Details, Suppliers and Offers (n), the suppliers' Messages
 * (unread counted), and the Timeline of every change.
 */
export function InquiryDetailPage() {
  const { inquiryId = '' } = useParams();
  const inquiry = useInquiry(inquiryId);
  // The open tab lives in the address (?tab=suppliers), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'details';
  const status = inquiry.data?.status;
  // Polled while suppliers can still answer, so the tab's count moves when an offer arrives.
  const offers = useOffers(
    inquiryId,
    (ACTIVE_INQUIRY_STATUSES as readonly string[]).includes(status ?? ''),
    inquiry.isSuccess,
  );
  // The first offer moves the inquiry to quoting on the server; read it again so the badge follows.
  const queryClient = useQueryClient();
  // A notification about this inquiry (an offer, a failed mail) means its tabs changed: read them again.
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
    [queryClient],
  );
  useNotificationArrivals(inquiryId, refresh);
  const offerCount = offers.data?.length ?? 0;
  // Suppliers' replies not yet seen: the Messages tab's badge.
  const messages = useInquiryMessages(inquiryId, inquiry.isSuccess);
  const unreadMessages = messages.data?.items.filter((m) => !m.read_at).length ?? 0;
  useEffect(() => {
    if (status === 'distributed' && offerCount > 0)
      void queryClient.invalidateQueries({ queryKey: ['inquiries', 'detail', inquiryId] });
  }, [status, offerCount, inquiryId, queryClient]);

  if (inquiry.isLoading) return <Skeleton height={320} />;
  if (inquiry.isError || !inquiry.data) {
    const missing =
      inquiry.error instanceof ApiError && (inquiry.error.status === 404 || inquiry.error.status === 400);
    return (
      <EmptyState
        title={missing ? 'Inquiry not found' : 'Unable to load this inquiry'}
        description={
          missing ? 'It does not exist or belongs to another company.' : 'Please try again in a moment.'
        }
        action={
          <Anchor component={Link} to="/inquiries">
            Back to Inquiries
          </Anchor>
        }
      />
    );
  }
  const data = inquiry.data;
  const open = (ACTIVE_INQUIRY_STATUSES as readonly string[]).includes(data.status);

  return (
    <>
      <Anchor component={Link} to="/inquiries" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> All inquiries
        </Group>
      </Anchor>
      <PageHeader
        title={data.vessel_name}
        description={[data.imo && `IMO ${data.imo}`, data.port_name, data.customer_name]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            <InquiryStatusBadge status={data.status} />
            <OwnerSelect inquiry={data} />
            <CopyButton inquiry={data} />
            {open && <CancelButton inquiry={data} />}
          </>
        }
      />
      {!open && (
        <Alert color="gray" mb="md">
          This inquiry is {data.status} and can no longer be changed.
        </Alert>
      )}
      {open && <PendingAmendment inquiry={data} />}
      <InquiryStemLinks inquiryId={data.id} awarded={data.status === 'awarded'} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'details' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="suppliers">Suppliers</Tabs.Tab>
          <Tabs.Tab value="offers">Offers ({offers.data?.length ?? 0})</Tabs.Tab>
          <Tabs.Tab
            value="messages"
            rightSection={
              unreadMessages > 0 ? (
                <Badge size="sm" circle aria-label={`${unreadMessages} unread`}>
                  {unreadMessages}
                </Badge>
              ) : null
            }
          >
            Messages
          </Tabs.Tab>
          <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <Stack>
            <InquiryDetailsCard inquiry={data} editable={open} />
            <ProductLinesCard inquiry={data} editable={open} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="suppliers">
          <Suspense fallback={<Skeleton height={240} />}>
            <SuppliersTab inquiry={data} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="offers">
          <Suspense fallback={<Skeleton height={240} />}>
            <OffersTab inquiry={data} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="messages">
          <Suspense fallback={<Skeleton height={240} />}>
            <MessagesTab inquiry={data} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="timeline">
          <Suspense fallback={<Skeleton height={240} />}>
            <TimelineTab inquiry={data} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
