import { Alert, List, ScrollArea, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorDetail } from '../../../lib/api-client';
import { useRecipients } from '../api/distribution';

/** Whom the cancel notice reaches: every address the inquiry went to, as the server will mail them. */
function Recipients({ inquiryId }: { inquiryId: string }) {
  const recipients = useRecipients(inquiryId);
  if (recipients.isLoading) return <Skeleton height={48} aria-label="Loading the recipients" />;
  if (recipients.isError)
    return (
      <Alert color="red" role="alert">
        Unable to load the recipients: {errorDetail(recipients.error, 'please try again in a moment.')} The
        notice still goes to every supplier the inquiry went to.
      </Alert>
    );
  const { items, total } = recipients.data ?? { items: [], total: 0 };
  if (total === 0) return <Text size="sm">It was not sent to any supplier, so nobody is mailed.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">
        The reason is mailed to every supplier it went to ({total} {total === 1 ? 'address' : 'addresses'}):
      </Text>
      <ScrollArea.Autosize mah={160} type="auto">
        <List size="sm" spacing={2} aria-label="Recipients of the cancel notice">
          {items.map((r) => (
            <List.Item key={r.email}>
              {r.supplier_name}
              {r.contact_name ? ` (${r.contact_name})` : ''} · {r.email}
            </List.Item>
          ))}
        </List>
        {total > items.length && (
          <Text size="sm" c="dimmed">
            and {total - items.length} more
          </Text>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The cancel dialog's body: what cancelling does, who is told, and the optional reason they read. */
export function CancelReason({
  inquiryId,
  onChange,
}: {
  inquiryId: string;
  onChange: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Stack>
      <Text size="sm">The inquiry becomes read-only. This cannot be undone.</Text>
      <Recipients inquiryId={inquiryId} />
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
