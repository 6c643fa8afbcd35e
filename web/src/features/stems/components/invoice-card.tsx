import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { invoiceInput, stemIndexValuesInput, type StemView } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatUsd } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { formatCalendarDate, localToday } from '../../../lib/port-time';
import { useCloseStem, useRecordInvoice, useSaveStemIndexValues } from '../api/stem-life';

function schemaErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** The final value of each index the stem's index-linked lines are invoiced at. */
function FinalIndexValues({ stem }: { stem: StemView }) {
  const names = [
    ...new Set(stem.lines.filter((l) => l.pricing === 'index' && l.index_name).map((l) => l.index_name!)),
  ];
  const save = useSaveStemIndexValues(stem.id);
  const [failure, setFailure] = useState<string | null>(null);
  const known = new Map(stem.index_values.map((v) => [v.index_name.trim().toLowerCase(), v]));
  const form = useForm({
    initialValues: {
      values: names.map((name) => ({
        index_name: name,
        value: known.get(name.trim().toLowerCase())?.value ?? '',
        as_of: known.get(name.trim().toLowerCase())?.as_of ?? localToday(),
      })),
    },
    validate: (values) => schemaErrors(stemIndexValuesInput.safeParse(values)),
  });
  if (names.length === 0) return null;
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      form.resetDirty();
      notifySuccess('Index values saved');
    } catch (err) {
      applyServerErrors(form, err);
      setFailure(errorDetail(err, 'The index values could not be saved. Please try again.'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Final index values">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Final index values
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {names.map((name, i) => (
          <SimpleGrid key={name} cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={`${name} (USD/MT)`}
              inputMode="decimal"
              {...form.getInputProps(`values.${i}.value`)}
            />
            <TextInput type="date" label={`${name} as of`} {...form.getInputProps(`values.${i}.as_of`)} />
          </SimpleGrid>
        ))}
        {stem.status !== 'closed' && (
          <Button
            type="submit"
            size="xs"
            variant="light"
            loading={save.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Save Index Values
          </Button>
        )}
      </Stack>
    </form>
  );
}

function InvoiceForm({ stem }: { stem: StemView }) {
  const record = useRecordInvoice(stem.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { number: '', date: localToday(), amount_usd: '' },
    validate: (values) => schemaErrors(invoiceInput.safeParse(values)),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await record.mutateAsync(values);
      notifySuccess('Invoice recorded');
    } catch (err) {
      applyServerErrors(form, err);
      setFailure(errorDetail(err, 'The invoice could not be recorded. Please try again.'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Record invoice">
      <Stack gap="xs">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Invoice number" required {...form.getInputProps('number')} />
          <TextInput type="date" label="Invoice date" required {...form.getInputProps('date')} />
          <TextInput
            label="Amount (USD)"
            inputMode="decimal"
            required
            {...form.getInputProps('amount_usd')}
          />
        </SimpleGrid>
        <Button type="submit" loading={record.isPending} style={{ alignSelf: 'flex-start' }}>
          Record Invoice
        </Button>
      </Stack>
    </form>
  );
}

function InvoiceCheck({ stem }: { stem: StemView }) {
  const invoice = stem.invoice!;
  const flag =
    invoice.flagged === null ? (
      <Badge color="gray">Waiting for the index</Badge>
    ) : invoice.flagged ? (
      <Badge color="red">Difference flagged</Badge>
    ) : (
      <Badge color="green">Matches the expected amount</Badge>
    );
  return (
    <Table fz="sm" aria-label="Invoice check" variant="vertical" withTableBorder>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={200}>Invoice</Table.Th>
          <Table.Td>
            {invoice.number} of {formatCalendarDate(invoice.date)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Amount</Table.Th>
          <Table.Td>{formatUsd(invoice.amount_usd)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Expected</Table.Th>
          <Table.Td>
            {invoice.expected_usd
              ? formatUsd(invoice.expected_usd)
              : `Waiting for the index (${invoice.waiting_for.join(', ')})`}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Difference</Table.Th>
          <Table.Td>
            <Group gap="xs">
              {invoice.difference_usd ? formatUsd(invoice.difference_usd) : '—'}
              {flag}
            </Group>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Due date</Table.Th>
          <Table.Td>{formatCalendarDate(invoice.due_date)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The supplier's invoice against what it should say, the final index values, and closing the stem. */
export function InvoiceCard({ stem }: { stem: StemView }) {
  const close = useCloseStem(stem.id);
  const [failure, setFailure] = useState<string | null>(null);
  if (!stem.delivery) return null;
  const closeStem = async () => {
    setFailure(null);
    try {
      await close.mutateAsync();
      notifySuccess('Stem closed');
    } catch (err) {
      setFailure(errorDetail(err, 'The stem could not be closed. Please try again.'));
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Invoice
        </Title>
        {stem.status === 'invoiced' && (
          <Button color="dark" loading={close.isPending} onClick={() => void closeStem()}>
            Close Stem
          </Button>
        )}
      </Group>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <FinalIndexValues stem={stem} />
        {stem.invoice ? (
          <InvoiceCheck stem={stem} />
        ) : (
          stem.status === 'delivered' && <InvoiceForm stem={stem} />
        )}
      </Stack>
    </Paper>
  );
}
