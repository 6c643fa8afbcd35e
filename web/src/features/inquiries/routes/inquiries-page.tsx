import { Card } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** Inquiries arrive with a later issue; the page already has its place and its empty state. */
export function InquiriesPage() {
  return (
    <>
      <PageHeader title="Inquiries" description="Fuel inquiries for your customers’ vessels." />
      <Card withBorder>
        <EmptyState title="No inquiries yet" description="Inquiries you log for your customers will be listed here with their status and offers." />
      </Card>
    </>
  );
}
