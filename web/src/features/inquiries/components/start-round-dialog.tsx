import { Button, Checkbox, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { OfferView } from '@mfd/contracts';
import { MailSendButton } from '../../../components/mail-send-button';
import { errorDetail } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { utcOffsetLabel } from '../../../lib/port-clock';
import { formatUtc, portInputToIso } from '../../../lib/port-time';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useStartRound } from '../api/offers';

/**
 * Issue 23 §5: the trader goes back to a shortlist for a better price. The chosen suppliers get
 * "Round n" with the message, a fresh link and (if told) their own rank; the others' offers stand.
 */
export function StartRoundDialog({
  inquiryId,
  offers,
  zone,
  onClose,
}: {
  inquiryId: string;
  /** The standing offers the trader may shortlist. */
  offers: OfferView[];
  zone: string;
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [replyBy, setReplyBy] = useState('');
  const [message, setMessage] = useState('');
  const [showRank, setShowRank] = useState(true);
  const start = useStartRound(inquiryId);
  useUnsavedChanges(picked.size > 0 || message.trim() !== '');
  const replyByIso = portInputToIso(replyBy, zone);

  const toggle = (id: string, on: boolean) =>
    setPicked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirm = async () => {
    try {
      const started = await start.mutateAsync({
        offer_ids: [...picked],
        reply_by: replyByIso ?? '',
        message: message.trim() || null,
        show_rank: showRank,
      });
      notifySuccess(
        `Round ${started.round} started: ${started.invited_count} ${started.invited_count === 1 ? 'supplier' : 'suppliers'} invited`,
      );
      onClose();
    } catch (err) {
      const detail = errorDetail(err, '');
      notifyError(detail ? `Error starting the round: ${detail}` : 'Error starting the round');
    }
  };

  return (
    <Modal opened onClose={onClose} title="Start a negotiation round" size="lg">
      <Stack>
        <Text size="sm">
          The suppliers you pick are asked to improve their offers by the new reply-by, each with a new link.
          Until then only they may revise; the other offers stand as they are.
        </Text>
        <Stack gap="xs" role="group" aria-label="Shortlist">
          {offers.map((o) => (
            <Checkbox
              key={o.id}
              label={`${o.supplier.trading_name} · ${o.total_landed_cost ? formatUsd(o.total_landed_cost) : 'landed cost waiting for the index value'}`}
              checked={picked.has(o.id)}
              onChange={(e) => toggle(o.id, e.currentTarget.checked)}
            />
          ))}
        </Stack>
        <TextInput
          type="datetime-local"
          label={`Reply by (port time, ${utcOffsetLabel(replyByIso, zone)})`}
          description={replyByIso ? formatUtc(replyByIso) : undefined}
          value={replyBy}
          onChange={(e) => setReplyBy(e.currentTarget.value)}
          required
        />
        <Textarea
          label="Message to the suppliers (optional)"
          autosize
          minRows={2}
          maxRows={6}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <Switch
          label="Tell each supplier its own rank on landed cost (never a price)"
          checked={showRank}
          onChange={(e) => setShowRank(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={start.isPending}>
            Cancel
          </Button>
          <MailSendButton
            onClick={() => void confirm()}
            loading={start.isPending}
            disabled={picked.size === 0 || !replyByIso}
          >
            Start Round
          </MailSendButton>
        </Group>
      </Stack>
    </Modal>
  );
}
