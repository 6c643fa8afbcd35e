import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import {
  CLAIM_KIND_LABELS,
  CLAIM_KINDS,
  CLAIM_STATUS_LABELS,
  claimInput,
  type ClaimKind,
  type ClaimStatus,
  type ClaimView,
  type StemView,
} from '@mfd/contracts';
import { timeBarCountdown } from '@mfd/stems';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatUsd } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { utcOffsetLabel } from '../../../lib/port-clock';
import { formatPortTime } from '../../../lib/port-time';
import { useNow } from '../../../lib/use-now';
import { useRaiseClaim, useUpdateClaim } from '../api/stem-life';

const STATUS_COLORS: Record<ClaimStatus, string> = {
  open: 'blue',
  submitted: 'yellow',
  settled: 'green',
  rejected: 'gray',
  time_barred: 'red',
};

/** The moves a trader makes from each state, as buttons. */
const MOVES: Record<ClaimStatus, { to: ClaimStatus; label: string }[]> = {
  open: [{ to: 'submitted', label: 'Mark Submitted' }],
  submitted: [
    { to: 'settled', label: 'Mark Settled' },
    { to: 'rejected', label: 'Mark Rejected' },
  ],
  settled: [],
  rejected: [],
  time_barred: [],
};

export interface ClaimDraft {
  kind: ClaimKind;
  description: string;
}

function RaiseClaimForm({ stem, draft }: { stem: StemView; draft: ClaimDraft | null }) {
  const raise = useRaiseClaim(stem.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { kind: 'quantity' as ClaimKind, description: '', amount_usd: '' },
    validate: (values) => {
      const result = claimInput.safeParse({ ...values, amount_usd: values.amount_usd || null });
      const errors: Record<string, string> = {};
      for (const issue of result.error?.issues ?? [])
        errors[issue.path.map(String).join('.')] ??= issue.message;
      return errors;
    },
  });
  const { setValues } = form;
  // A variance's "Raise … claim" fills the form with its kind and words.
  useEffect(() => {
    if (draft) setValues({ kind: draft.kind, description: draft.description });
  }, [draft, setValues]);
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const claim = await raise.mutateAsync({ ...values, amount_usd: values.amount_usd || null });
      form.reset();
      notifySuccess(
        claim.status === 'time_barred' ? 'Claim recorded: its time bar has already passed' : 'Claim raised',
      );
    } catch (err) {
      applyServerErrors(form, err);
      setFailure(errorDetail(err, 'The claim could not be raised. Please try again.'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Raise claim">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Raise a claim
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Kind"
            data={CLAIM_KINDS.map((k) => ({ value: k, label: CLAIM_KIND_LABELS[k] }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
          />
          <TextInput label="Amount (USD)" inputMode="decimal" {...form.getInputProps('amount_usd')} />
        </SimpleGrid>
        <Textarea label="Description" required autosize minRows={2} {...form.getInputProps('description')} />
        <Button type="submit" loading={raise.isPending} style={{ alignSelf: 'flex-start' }}>
          Raise Claim
        </Button>
      </Stack>
    </form>
  );
}

function ClaimRow({ stem, claim, now }: { stem: StemView; claim: ClaimView; now: Date }) {
  const update = useUpdateClaim(stem.id);
  const [failure, setFailure] = useState<string | null>(null);
  const zone = stem.port.timezone ?? 'UTC';
  const move = async (to: ClaimStatus) => {
    setFailure(null);
    try {
      await update.mutateAsync({ claimId: claim.id, status: to });
    } catch (err) {
      setFailure(errorDetail(err, 'The claim could not be changed. Please try again.'));
    }
  };
  return (
    <Table.Tr>
      <Table.Td>{CLAIM_KIND_LABELS[claim.kind]}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {claim.description}
        {failure && (
          <Text size="xs" c="red" role="alert">
            {failure}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{claim.amount_usd ? formatUsd(claim.amount_usd) : '—'}</Table.Td>
      <Table.Td>
        {formatPortTime(claim.time_bar_at, zone)} ({utcOffsetLabel(claim.time_bar_at, zone)})
        {claim.status === 'open' && (
          <Text size="xs" c="dimmed">
            {timeBarCountdown(claim.time_bar_at, now)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {MOVES[claim.status].map((m) => (
            <Button
              key={m.to}
              size="xs"
              variant="light"
              disabled={update.isPending}
              onClick={() => void move(m.to)}
            >
              {m.label}
            </Button>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The stem's claims with their time bars in port time and a countdown, and the form to raise one. */
export function ClaimsCard({ stem, draft }: { stem: StemView; draft: ClaimDraft | null }) {
  const now = useNow(30_000);
  if (!stem.delivery) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Claims
      </Title>
      <Stack>
        {stem.claims.length === 0 ? (
          <Text size="sm" c="dimmed">
            No claims raised.
          </Text>
        ) : (
          <Table fz="sm" aria-label="Claims">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Time bar (port time)</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stem.claims.map((c) => (
                <ClaimRow key={c.id} stem={stem} claim={c} now={now} />
              ))}
            </Table.Tbody>
          </Table>
        )}
        {stem.status !== 'closed' && <RaiseClaimForm stem={stem} draft={draft} />}
      </Stack>
    </Paper>
  );
}
