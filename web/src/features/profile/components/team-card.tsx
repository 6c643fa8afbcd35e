import { Card, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../../lib/auth';
import { MembersTable } from '../../../components/members-table';

/** The profile's view of the desk: who works in the company, read-only (admins edit in Admin › Team). */
export function TeamCard() {
  const { user } = useAuth();
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          Team
        </Title>
        <Text size="sm">
          {user?.role === 'admin'
            ? 'Everyone in your company. Invite colleagues and change roles in Admin › Team.'
            : 'Everyone in your company. Your administrator invites colleagues and changes roles.'}
        </Text>
        <MembersTable editable={false} />
      </Stack>
    </Card>
  );
}
