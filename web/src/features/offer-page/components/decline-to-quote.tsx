import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import {
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  formatPortAndUtc,
  type DeclineReason,
  type PublicOfferPage,
} from '@mfd/contracts';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useDeclineOffer } from '../api/public-offer';

const REASON_OPTIONS = DECLINE_REASONS.map((value) => ({ value, label: DECLINE_REASON_LABELS[value] }));

/**
 * "Decline to quote": a reason and remarks, so the trader stops waiting. Declining after offering
 * withdraws the offer (said before sending); offering later still works while the link is open.
 */
export function DeclineToQuote({
  token,
  page,
  onClosed,
}: {
  token: string;
  page: PublicOfferPage;
  onClosed: (detail: string) => void;
}) {
  const zone = page.inquiry.port_timezone ?? 'UTC';
  const decline = useDeclineOffer(token);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const standing = page.offer && page.offer.status === 'submitted';

  const send = async () => {
    if (!reason) {
      setError('Reason is required');
      return;
    }
    setError(null);
    try {
      await decline.mutateAsync({ reason, remarks: remarks.trim() || null });
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 410) onClosed(err.detail);
      else setError(errorDetail(err, 'Your answer could not be sent. Please try again.'));
    }
  };

  return (
    // A named region: its Remarks stand apart from the offer form's Remarks above.
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack>
        <Title id={titleId} order={2} size="h4">
          Decline to quote
        </Title>
        {page.decline && (
          <Alert color="gray" role="status" title="You declined to quote">
            {DECLINE_REASON_LABELS[page.decline.reason]}
            {page.decline.remarks ? `: “${page.decline.remarks}”` : ''} (
            {formatPortAndUtc(page.decline.declined_at, zone)}). You can still make an offer above until the
            reply-by time.
          </Alert>
        )}
        {!open ? (
          <Group>
            <Button variant="default" onClick={() => setOpen(true)}>
              {page.decline ? 'Change Reason' : 'Decline to Quote'}
            </Button>
          </Group>
        ) : (
          <>
            <Select
              label="Reason"
              placeholder="Choose a reason"
              data={REASON_OPTIONS}
              value={reason}
              onChange={(v) => setReason(v as DeclineReason | null)}
              error={error === 'Reason is required' ? error : undefined}
              required
              comboboxProps={{ withinPortal: false }}
            />
            <Textarea
              label="Remarks"
              description="Optional: anything the trader should know"
              value={remarks}
              onChange={(e) => setRemarks(e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
            />
            {standing && (
              <Text size="sm" c="orange.8">
                Declining withdraws your offer (revision {page.offer!.revision}).
              </Text>
            )}
            {error && error !== 'Reason is required' && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button
                color="red"
                loading={decline.isPending}
                disabled={decline.isPending}
                onClick={() => void send()}
              >
                Send Decline
              </Button>
              <Button variant="subtle" onClick={() => setOpen(false)} disabled={decline.isPending}>
                Cancel
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
