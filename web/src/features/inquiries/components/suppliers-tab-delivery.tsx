import { Badge, Group, Stack, Text } from '@mantine/core';
import { DECLINE_REASON_LABELS, type MailStatus, type RecipientDelivery } from '@mfd/contracts';
import { MailSendButton } from '../../../components/mail-send-button';
import { formatPortShort } from '../../../lib/port-clock';
import { isInFlight, sentLabel } from './suppliers-tab-selection';

const STATUS: Record<MailStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  retrying: { label: 'Retrying', color: 'yellow' },
  sent: { label: 'Sent', color: 'teal' },
  sent_unconfirmed: { label: 'Sent (unconfirmed)', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
  bounced: { label: 'Bounced', color: 'red' },
};

/** The reminder before the reply-by, by how it went. */
const REMINDER_WORDS = {
  due: 'Reminder due',
  sent: 'Reminder sent',
  skipped: 'Reminder not sent',
  not_needed: 'No reminder needed',
} as const;

/**
 * How the inquiry's mail to one address fares: its state in words, attempts, when it went, the
 * error of a failed one (the server's answer of a bounced one), and Resend once the mailer is done
 * with it (failed, or to send again).
 */
export function DeliveryStatus({
  delivery,
  zone,
  canResend,
  resending,
  onResend,
}: {
  delivery: RecipientDelivery;
  zone: string;
  canResend: boolean;
  resending: boolean;
  onResend: () => void;
}) {
  const status = STATUS[delivery.mail_status];
  const failed = delivery.mail_status === 'failed' || delivery.mail_status === 'bounced';
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Badge color={status.color} variant="light" size="sm">
          {status.label}
        </Badge>
        {delivery.has_offer && (
          <Badge color="violet" variant="light" size="sm">
            Offer received
          </Badge>
        )}
        {delivery.decline_reason && (
          <Badge color="gray" variant="outline" size="sm">
            Declined: {DECLINE_REASON_LABELS[delivery.decline_reason]}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {sentLabel(delivery)} {formatPortShort(delivery.sent_at, zone)} · {delivery.mail_attempts}{' '}
          {delivery.mail_attempts === 1 ? 'attempt' : 'attempts'} · reply by{' '}
          {formatPortShort(delivery.reply_by, zone)}
        </Text>
        {canResend && !isInFlight(delivery) && (
          <MailSendButton
            size="compact-xs"
            variant={failed ? 'light' : 'subtle'}
            color={failed ? 'red' : undefined}
            loading={resending}
            onClick={onResend}
            aria-label={`Resend to ${delivery.email}`}
          >
            Resend
          </MailSendButton>
        )}
      </Group>
      {delivery.decline_remarks && (
        <Text size="xs" c="dimmed">
          “{delivery.decline_remarks}”
        </Text>
      )}
      {delivery.reminder && (
        <Text size="xs" c="dimmed">
          {REMINDER_WORDS[delivery.reminder.state ?? 'due']}{' '}
          {formatPortShort(delivery.reminder.at ?? delivery.reminder.due_at, zone)}
          {delivery.reminder.note ? `: ${delivery.reminder.note}` : ''}
        </Text>
      )}
      {failed && delivery.mail_error && (
        <Text size="xs" c="red.8">
          {delivery.mail_status === 'bounced' ? 'bounced' : 'Not delivered'}: {delivery.mail_error}
        </Text>
      )}
    </Stack>
  );
}
