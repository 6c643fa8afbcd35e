import { Alert, Button, Group, SegmentedControl, Select, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { StemView } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { useSetStemPricing } from '../api/stems';

type Basis = 'per_mt' | 'percent';
type Mode = 'markup' | 'commission';

/** The trader's markup (the customer's price above the supplier's) or broker's commission, per line. */
export function StemPricingForm({ stem }: { stem: StemView }) {
  const save = useSetStemPricing(stem.id);
  const [mode, setMode] = useState<Mode>(stem.pricing_mode === 'commission' ? 'commission' : 'markup');
  const [lines, setLines] = useState(() =>
    Object.fromEntries(
      stem.lines.map((l) => [
        l.product_line_id,
        { basis: (l.adjustment?.basis ?? 'per_mt') as Basis, amount: l.adjustment?.amount ?? '' },
      ]),
    ),
  );
  const editable = ['draft', 'sent', 'acknowledged', 'delivered'].includes(stem.status);

  const submit = () =>
    save.mutate({
      mode,
      lines: stem.lines
        .filter((l) => lines[l.product_line_id]!.amount.trim() !== '')
        .map((l) => ({ product_line_id: l.product_line_id, ...lines[l.product_line_id]! })),
    });

  return (
    <Stack>
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as Mode)}
        disabled={!editable}
        data={[
          { value: 'markup', label: 'Markup' },
          { value: 'commission', label: 'Commission (broker)' },
        ]}
      />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fuel line</Table.Th>
            <Table.Th>Basis</Table.Th>
            <Table.Th>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stem.lines.map((l) => (
            <Table.Tr key={l.product_line_id}>
              <Table.Td>{l.product_name}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`${l.product_name} basis`}
                  disabled={!editable}
                  data={[
                    { value: 'per_mt', label: 'USD/MT' },
                    { value: 'percent', label: '%' },
                  ]}
                  value={lines[l.product_line_id]!.basis}
                  onChange={(v) =>
                    setLines((all) => ({
                      ...all,
                      [l.product_line_id]: { ...all[l.product_line_id]!, basis: (v ?? 'per_mt') as Basis },
                    }))
                  }
                  allowDeselect={false}
                  w={110}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`${l.product_name} amount`}
                  disabled={!editable}
                  inputMode="decimal"
                  value={lines[l.product_line_id]!.amount}
                  onChange={(e) => {
                    const amount = e.currentTarget.value;
                    setLines((all) => ({
                      ...all,
                      [l.product_line_id]: { ...all[l.product_line_id]!, amount },
                    }));
                  }}
                  w={120}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {save.isError && (
        <Alert color="red">{errorDetail(save.error, 'The pricing could not be saved.')}</Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} disabled={!editable || save.isPending}>
          Save Pricing
        </Button>
      </Group>
    </Stack>
  );
}
