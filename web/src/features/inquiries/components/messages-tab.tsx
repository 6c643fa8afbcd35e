import { Alert, Badge, Button, Card, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ACTIVE_INQUIRY_STATUSES, type InquiryDetail, type InquiryMessageView } from '@mfd/contracts';
import { readReplyPrices } from '@mfd/pricing';
import { EmptyState } from '../../../components/empty-state';
import { errorDetail } from '../../../lib/api-client';
import { useInquiryMessages, useMarkMessagesRead } from '../api/messages';
import { portMoment } from './timeline-sentences';
import { RecordOfferDialog, type OfferPrefill } from './record-offer-dialog';

/** "12 KB": a file's size at a glance. */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function MessageCard({
  message,
  fresh,
  zone,
  onRecord,
}: {
  message: InquiryMessageView;
  /** Unread when this visit of the tab showed it (it is marked read at once, the badge stays). */
  fresh: boolean;
  zone: string;
  onRecord: (() => void) | null;
}) {
  return (
    <Card withBorder padding="md" component="article" aria-label={`Message from ${message.supplier_name}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{message.supplier_name}</Text>
              {fresh && (
                <Badge size="sm" color="blue">
                  New
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {message.from} · {portMoment(message.received_at, zone)}
            </Text>
            <Text size="sm" fw={500}>
              {message.subject || '(no subject)'}
            </Text>
          </Stack>
          {onRecord && (
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onRecord}>
              Record as Offer
            </Button>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text.trim() || '(no text)'}
        </Text>
        {message.attachments.length > 0 && (
          <List size="sm" spacing={2} icon={<IconPaperclip size={14} aria-hidden />}>
            {message.attachments.map((a, i) => (
              <List.Item key={i}>
                {a.filename} ({fileSize(a.size)}) — forwarded to your mailbox
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Suppliers' replies by e-mail, oldest first. Unread ones are marked read once shown (the tab's
 * badge clears); "Record as Offer" opens the trader's offer form with the prices a parser read in
 * the reply filled in, to check before recording: a helper, never an automatic offer.
 */
export function MessagesTab({ inquiry }: { inquiry: InquiryDetail }) {
  const zone = inquiry.port_details?.timezone ?? 'UTC';
  const open = (ACTIVE_INQUIRY_STATUSES as readonly string[]).includes(inquiry.status);
  const messages = useInquiryMessages(inquiry.id);
  const { mutate: markRead } = useMarkMessagesRead(inquiry.id);
  const [prefill, setPrefill] = useState<OfferPrefill | null>(null);
  const [shownUnread, setShownUnread] = useState<ReadonlySet<string>>(new Set());
  const items = messages.data?.items ?? [];
  const unread = items.filter((m) => !m.read_at).map((m) => m.id);
  const unreadKey = unread.join(',');
  // Remembered while rendering (React's way for state derived from props), so "New" outlives the read.
  if (unread.some((id) => !shownUnread.has(id))) setShownUnread(new Set([...shownUnread, ...unread]));

  // Shown is read: once per set of unread messages on screen (the same set is not sent twice).
  useEffect(() => {
    if (unreadKey) markRead(unreadKey.split(','));
  }, [unreadKey, markRead]);

  const record = (message: InquiryMessageView) =>
    setPrefill({
      supplierId: message.supplier_id,
      supplierName: message.supplier_name,
      prices: readReplyPrices(message.text, inquiry.products),
    });

  return (
    <Card withBorder padding="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Suppliers’ replies to the inquiry’s mails, each also forwarded to your mailbox. Times at the port (
          {zone}).
        </Text>
        {messages.isLoading ? (
          <Skeleton height={200} />
        ) : messages.isError ? (
          <Alert color="red" role="alert">
            Unable to load messages: {errorDetail(messages.error, 'please try again in a moment.')}
          </Alert>
        ) : items.length === 0 ? (
          <EmptyState
            title="No messages yet"
            description="When a supplier answers an invitation by e-mail, the reply appears here."
          />
        ) : (
          items.map((message) => (
            <MessageCard
              key={message.id}
              message={message}
              fresh={!message.read_at || shownUnread.has(message.id)}
              zone={zone}
              onRecord={open ? () => record(message) : null}
            />
          ))
        )}
      </Stack>
      {prefill && <RecordOfferDialog inquiry={inquiry} prefill={prefill} onClose={() => setPrefill(null)} />}
    </Card>
  );
}
