import { Alert, Button, Group, List, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import type { InquiryDetail, PendingChanges } from '@mfd/contracts';
import { MailSendButton } from '../../../components/mail-send-button';
import { errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { utcOffsetLabel } from '../../../lib/port-clock';
import { formatUtc, portInputToIso } from '../../../lib/port-time';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSendAmendment } from '../api/inquiries';

const suppliersWord = (n: number) => (n === 1 ? '1 supplier' : `${n} suppliers`);

/** A new ETA or new quantities change what suppliers price: the dialog asks for a new reply-by then. */
export const asksNewReplyBy = (pending: PendingChanges) =>
  pending.fields.includes('eta') || pending.lines_changed > 0;

function SendAmendmentDialog({
  inquiry,
  pending,
  onClose,
}: {
  inquiry: InquiryDetail;
  pending: PendingChanges;
  onClose: () => void;
}) {
  const zone = inquiry.port_details?.timezone ?? 'UTC';
  const [message, setMessage] = useState('');
  const [replyBy, setReplyBy] = useState('');
  const [replyByError, setReplyByError] = useState<string | null>(null);
  const send = useSendAmendment(inquiry.id);
  const replyByIso = portInputToIso(replyBy, zone);
  useUnsavedChanges(message.trim() !== '' || replyBy !== '');

  const confirm = async () => {
    setReplyByError(null);
    try {
      const sent = await send.mutateAsync({ message: message || null, reply_by: replyByIso });
      notifySuccess(sent.detail);
      onClose();
    } catch (err) {
      const detail = errorDetail(err, 'Unknown error');
      if (/reply.by/i.test(detail)) setReplyByError(detail);
      notifyError(`Error sending the amendment: ${detail}`);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Send amendment" size="lg">
      <Stack>
        <Text size="sm">
          {suppliersWord(pending.recipients)} will be told, in one mail each listing every change:
        </Text>
        <List size="sm" spacing={4}>
          {pending.changes.map((c) => (
            <List.Item key={c.label}>
              {c.label}: {c.before} → <b>{c.after}</b>
            </List.Item>
          ))}
        </List>
        <Textarea
          label="Message (optional)"
          description="Shown above the changes in the mail"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {asksNewReplyBy(pending) && (
          <Alert color="yellow" title="New reply-by?">
            The ETA or the quantities changed: give suppliers time to price again with a new reply-by.
          </Alert>
        )}
        <TextInput
          type="datetime-local"
          label={`New reply by (port time, ${utcOffsetLabel(replyByIso, zone)})`}
          description={replyByIso ? formatUtc(replyByIso) : 'Empty: each supplier keeps its reply-by'}
          value={replyBy}
          onChange={(e) => setReplyBy(e.currentTarget.value)}
          error={replyByError}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <MailSendButton
            leftSection={<IconMailForward size={16} />}
            onClick={() => void confirm()}
            loading={send.isPending}
          >
            Send Amendment
          </MailSendButton>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Edits of a sent inquiry wait here until the trader sends them: how many suppliers will be told,
 * what changed, and "Send amendment", so an edit session becomes one mail rather than one per edit.
 */
export function PendingAmendment({ inquiry }: { inquiry: InquiryDetail }) {
  const [open, setOpen] = useState(false);
  const pending = inquiry.pending_changes;
  if (!pending) return null;
  return (
    <Alert color="blue" mb="md" title="Changes not yet sent to suppliers">
      <Group justify="space-between" align="center" wrap="wrap">
        <Text size="sm">
          {pending.changes.length === 1 ? '1 change' : `${pending.changes.length} changes`} ·{' '}
          <b>{suppliersWord(pending.recipients)} will be told</b> when you send the amendment. Until then they
          see the inquiry as last sent.
        </Text>
        <MailSendButton leftSection={<IconMailForward size={16} />} onClick={() => setOpen(true)}>
          Send amendment
        </MailSendButton>
      </Group>
      {open && <SendAmendmentDialog inquiry={inquiry} pending={pending} onClose={() => setOpen(false)} />}
    </Alert>
  );
}
