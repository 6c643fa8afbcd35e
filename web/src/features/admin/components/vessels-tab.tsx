import { Alert, Button, Skeleton, Table, Text } from '@mantine/core';
import { errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmVessel, usePendingVessels } from '../api/admin';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Admin › Vessels for platform operators: vessels a company named (in an inquiry or an admin's
 * add), which only that company finds until confirmed. Confirm adds one to the register every
 * company searches; other companies' entries of the same IMO give way to it.
 */
export function VesselsTab() {
  const { data, isLoading, isError } = usePendingVessels();
  // One confirmation at a time: every Confirm waits while one is on its way.
  const confirm = useConfirmVessel();

  if (isLoading) return <Skeleton height={120} />;
  if (isError)
    return <Alert color="red">Unable to load the vessels awaiting confirmation. Please refresh.</Alert>;
  if (!data?.length)
    return (
      <Text size="sm" c="dimmed">
        No vessels await confirmation: every vessel a company named has been reviewed.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped aria-label="Vessels awaiting confirmation">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>IMO</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Ship Type</Table.Th>
            <Table.Th>Flag</Table.Th>
            <Table.Th>Named</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td ff="monospace">{v.imo}</Table.Td>
              <Table.Td>{v.name}</Table.Td>
              <Table.Td>{v.ship_type ?? '—'}</Table.Td>
              <Table.Td>{v.flag ?? '—'}</Table.Td>
              <Table.Td>{day.format(new Date(v.created_at))}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  disabled={confirm.isPending}
                  aria-label={`Confirm ${v.name} (IMO ${v.imo})`}
                  onClick={() =>
                    confirm.mutate(v.id, {
                      onSuccess: (r) => notifySuccess(r.detail),
                      onError: (err) => notifyError(errorDetail(err, 'Error confirming vessel')),
                    })
                  }
                >
                  Confirm
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
