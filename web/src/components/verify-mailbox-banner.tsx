import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useEffect } from 'react';
import { MAILBOX_UNVERIFIED } from '@mfd/contracts';
import { errorDetail } from '../lib/api-client';
import { useMailboxCheck, useResendVerification } from '../lib/api/verification';
import { useAuth } from '../lib/auth';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * Above every signed-in page while the account's e-mail is unconfirmed: why nothing can be sent to
 * suppliers yet, and a new link on request. It goes away by itself once the address is confirmed
 * (in this tab, another, or on a phone), with no new sign-in.
 */
export function VerifyMailboxBanner() {
  const { user, refresh } = useAuth();
  const unverified = !!user && !user.email_verified;
  const check = useMailboxCheck(unverified);
  const resend = useResendVerification();

  useEffect(() => {
    if (unverified && check.data?.email_verified) void refresh().catch(() => undefined);
  }, [unverified, check.data, refresh]);

  if (!unverified) return null;
  const ask = () =>
    resend.mutateAsync().then(
      (res) => notifySuccess(res.detail),
      (err: unknown) => notifyError(errorDetail(err, 'The confirmation e-mail could not be sent')),
    );
  return (
    <Alert color="yellow" icon={<IconMailExclamation size={20} />} title={MAILBOX_UNVERIFIED} mb="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Open the link we sent to {user.email}. Until then, nothing can be sent to suppliers from this
          account.
        </Text>
        <Button size="xs" variant="default" onClick={() => void ask()} loading={resend.isPending}>
          Resend confirmation e-mail
        </Button>
      </Group>
    </Alert>
  );
}
