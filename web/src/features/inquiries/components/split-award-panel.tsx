import { Alert, Button, Group, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { InquiryDetail, OfferView } from '@mfd/contracts';
import { costDifference } from '@mfd/pricing';
import { MailSendButton } from '../../../components/mail-send-button';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useNow } from '../../../lib/use-now';
import { useSplitAward } from '../api/offers';
import { isExpired } from './offer-compare-cells';
import {
  bestSingleOffer,
  candidatesFor,
  combinedLandedCost,
  defaultPicks,
  NOT_PLACED,
  splitAwardRequest,
  type Picks,
} from './split-award-picks';

/** The split against the best single offer, in words: what it saves or costs more. */
function Comparison({ combined, best }: { combined: string | null; best: OfferView | null }) {
  if (combined === null)
    return <Text size="sm">Combined landed cost: waiting for index values, or no line is awarded.</Text>;
  if (!best?.total_landed_cost)
    return (
      <Text size="sm" fw={600}>
        Combined landed cost: {formatUsd(combined)}
      </Text>
    );
  const difference = costDifference(combined, best.total_landed_cost);
  const saves = difference.startsWith('-');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        Combined landed cost: {formatUsd(combined)}
      </Text>
      <Text size="sm">
        Best single offer: {best.supplier.trading_name}, {formatUsd(best.total_landed_cost)}
      </Text>
      <Text size="sm" fw={700}>
        {saves
          ? `The split saves ${formatUsd(difference.slice(1))}`
          : difference === '0.00'
            ? 'The split costs the same as the best single offer'
            : `The split costs ${formatUsd(difference)} more`}
      </Text>
    </Stack>
  );
}

/**
 * The Offers tab's split mode (issue 23 §3): the winner of each fuel line (or not placed), the
 * combined landed cost of the split against the best single offer, and one confirmation that
 * awards it all. Each winner is told of its own lines only.
 */
export function SplitAwardPanel({
  inquiry,
  offers,
  onClose,
  onConflict,
}: {
  inquiry: InquiryDetail;
  offers: OfferView[];
  onClose: () => void;
  /** The offers changed under the trader: these are the ones they saw. */
  onConflict: (seen: OfferView[]) => void;
}) {
  const now = useNow();
  const expired = (o: OfferView) => isExpired(o, now);
  const [picks, setPicks] = useState<Picks>(() => defaultPicks(inquiry.products, offers, expired));
  const [notes, setNotes] = useState('');
  const award = useSplitAward(inquiry.id);
  useUnsavedChanges(notes.trim() !== '');
  const request = splitAwardRequest(inquiry.products, offers, picks, notes);
  const winners = new Set(request.lines.map((l) => l.offer_id));

  const confirm = async () => {
    try {
      await award.mutateAsync(request);
      notifySuccess('Inquiry awarded successfully!');
      onClose();
    } catch (err) {
      const detail = errorDetail(err, '');
      notifyError(detail ? `Error awarding offer: ${detail}` : 'Error awarding offer');
      if (err instanceof ApiError && err.status === 409) {
        onConflict(offers.filter((o) => winners.has(o.id)));
        onClose();
      }
    }
  };

  return (
    <Stack gap="sm" component="section" aria-label="Split award">
      <Title order={2} size="h5">
        Split award
      </Title>
      <Text size="sm" c="dimmed">
        Pick the winning offer for each fuel line. Each winner is sent a confirmation of its own lines; the
        other suppliers are told the inquiry was awarded elsewhere.
      </Text>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fuel line</Table.Th>
            <Table.Th>Winner</Table.Th>
            <Table.Th>Price per MT</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inquiry.products.map((line) => {
            const candidates = candidatesFor(line.id, offers, expired);
            const picked = offers.find((o) => o.id === picks[line.id]);
            const price = picked?.per_product_lines[line.id]?.effective_price_per_mt;
            return (
              <Table.Tr key={line.id}>
                <Table.Td>{line.product_name}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Winner for ${line.product_name}`}
                    allowDeselect={false}
                    value={picks[line.id] ?? NOT_PLACED}
                    onChange={(value) => setPicks((p) => ({ ...p, [line.id]: value ?? NOT_PLACED }))}
                    data={[
                      ...candidates.map((o) => ({ value: o.id, label: o.supplier.trading_name })),
                      { value: NOT_PLACED, label: 'Not placed' },
                    ]}
                  />
                </Table.Td>
                <Table.Td>{price ? formatUsd(price) : '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Comparison
        combined={combinedLandedCost(inquiry.products, offers, picks)}
        best={bestSingleOffer(offers)}
      />
      {request.lines.length === 0 && (
        <Alert color="yellow">Award at least one fuel line, or close the split award.</Alert>
      )}
      <Textarea
        label="Notes (optional)"
        description="Sent to each winner with its award confirmation"
        autosize
        minRows={2}
        maxRows={6}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={award.isPending}>
          Close Split Award
        </Button>
        <MailSendButton
          color="teal"
          onClick={() => void confirm()}
          loading={award.isPending}
          disabled={request.lines.length === 0}
        >
          Confirm Split Award
        </MailSendButton>
      </Group>
    </Stack>
  );
}
