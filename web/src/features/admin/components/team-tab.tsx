import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ROLE_LABELS, type InvitationView } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useInvitations, useRevokeInvitation } from '../../../lib/team';
import { CompanySettingsCard } from './company-settings-card';
import { InviteDialog } from './invite-dialog';
import { MembersTable } from '../../../components/members-table';

function RevokeButton({ invitation }: { invitation: InvitationView }) {
  const revoke = useRevokeInvitation();
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      disabled={revoke.isPending}
      aria-label={`Revoke the invitation of ${invitation.email}`}
      onClick={() =>
        revoke
          .mutateAsync(invitation.id)
          .then(() => notifySuccess(`The invitation of ${invitation.email} was revoked.`))
          .catch((err: unknown) => notifyError(errorDetail(err, 'Error revoking invitation')))
      }
    >
      {revoke.isPending ? 'Revoking...' : 'Revoke'}
    </Button>
  );
}

function PendingInvitations() {
  const invitations = useInvitations(true);
  if (invitations.isLoading) return <Skeleton height={60} />;
  if (invitations.isError) return <Text c="red">Unable to load the invitations. Please refresh.</Text>;
  const rows = invitations.data ?? [];
  if (rows.length === 0) return <Text size="sm">No invitations are waiting for an answer.</Text>;
  return (
    <Table striped aria-label="Pending invitations">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Email</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>{i.email}</Table.Td>
            <Table.Td>{ROLE_LABELS[i.role]}</Table.Td>
            <Table.Td>
              {new Date(i.expires_at).toLocaleDateString('en-GB', {
                day: 'numeric',
                month: 'short',
                year: 'numeric',
              })}
            </Table.Td>
            <Table.Td>
              <RevokeButton invitation={i} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Admin › Team: the members and their roles, the invitations waiting, the company settings. */
export function TeamTab() {
  const [inviting, setInviting] = useState(false);
  return (
    <Stack gap="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={3} size="h4">
            Members
          </Title>
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite colleague
          </Button>
        </Group>
        <MembersTable editable />
      </Stack>
      <Stack>
        <Title order={3} size="h4">
          Pending invitations
        </Title>
        <PendingInvitations />
      </Stack>
      <CompanySettingsCard />
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </Stack>
  );
}
