import { Alert, Anchor, Button, Group, Skeleton, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ACTIVE_INQUIRY_STATUSES, type InquiryDetail } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCancelInquiry, useInquiry } from '../api/inquiries';
import { InquiryDetailsCard } from '../components/inquiry-details-card';
import { InquiryStatusBadge } from '../components/inquiry-status-badge';
import { ProductLinesCard } from '../components/product-lines-card';

function CancelReason({ onChange }: { onChange: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  return (
    <Stack>
      <Text size="sm">The inquiry becomes read-only. This cannot be undone.</Text>
      <Textarea
        label="Reason (optional)"
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          onChange(e.currentTarget.value);
        }}
      />
    </Stack>
  );
}

function CancelButton({ inquiry }: { inquiry: InquiryDetail }) {
  const cancel = useCancelInquiry(inquiry.id);
  const open = () => {
    let reason = '';
    modals.openConfirmModal({
      title: 'Cancel inquiry',
      children: <CancelReason onChange={(r) => (reason = r)} />,
      labels: { confirm: 'Cancel Inquiry', cancel: 'Keep Inquiry' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(reason, {
          onSuccess: () => notifySuccess('Inquiry cancelled.'),
          onError: (err) => notifyError(`Error cancelling inquiry: ${errorDetail(err, 'Unknown error')}`),
        }),
    });
  };
  return (
    <Button variant="light" color="red" onClick={open} loading={cancel.isPending}>
      Cancel Inquiry
    </Button>
  );
}

/** Spec §2 "Inquiry detail": the tabs Details, Suppliers and Offers (n). */
export function InquiryDetailPage() {
  const { inquiryId = '' } = useParams();
  const inquiry = useInquiry(inquiryId);

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
            {open && <CancelButton inquiry={data} />}
          </>
        }
      />
      {!open && (
        <Alert color="gray" mb="md">
          This inquiry is {data.status} and can no longer be changed.
        </Alert>
      )}
      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="suppliers">Suppliers</Tabs.Tab>
          <Tabs.Tab value="offers">Offers (0)</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <Stack>
            <InquiryDetailsCard inquiry={data} editable={open} />
            <ProductLinesCard inquiry={data} editable={open} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="suppliers">
          <EmptyState
            title="Supplier selection is coming"
            description="Sending this inquiry to the suppliers at its port arrives with the next release."
          />
        </Tabs.Panel>
        <Tabs.Panel value="offers">
          <EmptyState
            title="No offers yet"
            description="Offers appear here once the inquiry has been sent to suppliers and they answer."
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
