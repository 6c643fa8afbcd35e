import { Alert, Button, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import type { PendingPort } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePendingPorts, useReviewPort } from '../api/admin';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Admin › Ports for platform operators: the ports companies added, which only their company sees
 * until approved. Approve shares one with every company (merging other companies' ports of the
 * code into it); Reject keeps it the company's own and takes it off this list.
 */
export function PendingPorts() {
  const { data, isLoading, isError } = usePendingPorts();
  // One review at a time: every Approve and Reject waits while one is on its way.
  const review = useReviewPort();

  const decide = (port: PendingPort, verdict: 'approve' | 'reject') => {
    review.mutate(
      { id: port.id, verdict },
      {
        onSuccess: (r) => notifySuccess(r.detail),
        onError: (err) =>
          notifyError(
            errorDetail(err, verdict === 'approve' ? 'Error approving port' : 'Error rejecting port'),
          ),
      },
    );
  };

  return (
    <section aria-labelledby="pending-ports-title">
      <Title order={2} size="h4" mb="xs" id="pending-ports-title">
        Ports awaiting approval
      </Title>
      {isLoading ? (
        <Skeleton height={80} mb="lg" />
      ) : isError ? (
        <Alert color="red" mb="lg">
          Unable to load the ports awaiting approval. Please refresh.
        </Alert>
      ) : !data?.length ? (
        <Text size="sm" c="dimmed" mb="lg">
          No ports await approval: every port a company added has been reviewed.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={700} mb="lg">
          <Table striped aria-label="Ports awaiting approval">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>UNLOCODE</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Country</Table.Th>
                <Table.Th>Region</Table.Th>
                <Table.Th>Timezone</Table.Th>
                <Table.Th>Suppliers</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td ff="monospace">{p.unlocode}</Table.Td>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.country}</Table.Td>
                  <Table.Td>{p.region ?? '—'}</Table.Td>
                  <Table.Td>{p.timezone}</Table.Td>
                  <Table.Td>{p.suppliers_count}</Table.Td>
                  <Table.Td>{day.format(new Date(p.created_at))}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        disabled={review.isPending}
                        onClick={() => decide(p, 'approve')}
                        aria-label={`Approve ${p.unlocode} ${p.name}`}
                      >
                        Approve
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        disabled={review.isPending}
                        onClick={() => decide(p, 'reject')}
                        aria-label={`Reject ${p.unlocode} ${p.name}`}
                      >
                        Reject
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
