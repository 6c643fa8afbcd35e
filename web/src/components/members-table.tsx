import { Badge, Button, Group, Modal, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Member, type Role } from '@mfd/contracts';
import { EmptyState } from './empty-state';
import { errorDetail } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { notifyError, notifySuccess } from '../lib/notify';
import { useChangeRole, useMembers, useRemoveMember } from '../lib/team';

const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
    : 'Never';
const fullName = (m: Member) => `${m.first_name} ${m.last_name}`.trim();

function RemoveDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const remove = useRemoveMember();
  const confirm = async () => {
    try {
      await remove.mutateAsync(member.id);
      notifySuccess(`${fullName(member)} was removed. Their open inquiries are yours now.`);
      onClose();
    } catch (err) {
      notifyError(errorDetail(err, 'Error removing member'));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Remove ${fullName(member)}?`}>
      <Stack>
        <Text size="sm">
          {fullName(member)} is signed out at once and can no longer sign in. Their open inquiries become
          yours; everything they did keeps their name.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove member'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RoleCell({ member }: { member: Member }) {
  const change = useChangeRole();
  return (
    <Select
      aria-label={`Role of ${fullName(member)}`}
      data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
      value={member.role}
      allowDeselect={false}
      disabled={change.isPending}
      w={180}
      onChange={(role) => {
        if (!role || role === member.role) return;
        change
          .mutateAsync({ id: member.id, role: role as Role })
          .then(() => notifySuccess(`${fullName(member)} is now ${ROLE_LABELS[role as Role]}.`))
          .catch((err: unknown) => notifyError(errorDetail(err, 'Error changing role')));
      }}
    />
  );
}

/** The company's members; an admin changes roles and removes members here, everyone else reads. */
export function MembersTable({ editable }: { editable: boolean }) {
  const members = useMembers();
  const { user } = useAuth();
  const [removing, setRemoving] = useState<Member | null>(null);
  if (members.isLoading) return <Skeleton height={120} />;
  if (members.isError) return <Text c="red">Unable to load the members. Please refresh.</Text>;
  const rows = members.data ?? [];
  if (rows.length === 0) return <EmptyState title="No members yet" />;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="Members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th>Last sign-in</Table.Th>
              {editable && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  {fullName(m)} {m.id === user?.id && <Badge variant="light">You</Badge>}
                </Table.Td>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>{editable ? <RoleCell member={m} /> : ROLE_LABELS[m.role]}</Table.Td>
                <Table.Td>{day(m.joined_at)}</Table.Td>
                <Table.Td>{day(m.last_sign_in_at)}</Table.Td>
                {editable && (
                  <Table.Td>
                    {m.id !== user?.id && (
                      <Button size="xs" variant="light" color="red" onClick={() => setRemoving(m)}>
                        Remove
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {removing && <RemoveDialog member={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
