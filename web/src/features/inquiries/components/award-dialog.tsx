import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { OfferView } from '@mfd/contracts';
import { MailSendButton } from '../../../components/mail-send-button';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useAwardOffer } from '../api/offers';

/**
 * Spec §5 "Confirmations": 'Are you sure you want to award this offer?', with notes for the winner.
 * The award names the revision shown: one the supplier revised meanwhile is refused (409).
 */
export function AwardDialog({
  offer,
  onClose,
  onConflict,
}: {
  offer: OfferView;
  onClose: () => void;
  /** The offers changed under the trader (revised, awarded meanwhile, expired): `offer` is what they saw. */
  onConflict: (offer: OfferView) => void;
}) {
  const [notes, setNotes] = useState('');
  const award = useAwardOffer();
  useUnsavedChanges(notes.trim() !== '');

  const confirm = async () => {
    try {
      await award.mutateAsync({ offerId: offer.id, notes, revision: offer.revision });
      notifySuccess('Offer awarded successfully!');
      onClose();
    } catch (err) {
      const detail = errorDetail(err, '');
      notifyError(detail ? `Error awarding offer: ${detail}` : 'Error awarding offer');
      // Show the offers as they are now, with what changed since this one was seen marked.
      if (err instanceof ApiError && err.status === 409) {
        onConflict(offer);
        onClose();
      }
    }
  };

  return (
    <Modal opened onClose={onClose} title="Award offer">
      <Stack>
        <Text>Are you sure you want to award this offer?</Text>
        <Text size="sm" c="dimmed">
          {offer.supplier.trading_name} · landed cost{' '}
          {offer.total_landed_cost ? formatUsd(offer.total_landed_cost) : 'to be priced with the index'}
          {offer.partial ? ' (partial offer)' : ''}. The supplier gets the award confirmation and the others
          who offered are told it went elsewhere.
        </Text>
        <Textarea
          label="Notes (optional)"
          description="Sent to the supplier with the award confirmation"
          autosize
          minRows={2}
          maxRows={6}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <MailSendButton color="teal" onClick={() => void confirm()} loading={award.isPending}>
            Award Offer
          </MailSendButton>
        </Group>
      </Stack>
    </Modal>
  );
}
