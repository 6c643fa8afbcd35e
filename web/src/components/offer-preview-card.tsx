import { Paper, Table, Text, Title } from '@mantine/core';
import { CHARGE_KIND_LABELS, chargeTerms, indexFormula } from '@mfd/contracts';
import { formatQuantity, formatUsd } from '../lib/money';
import { lineNames, type OfferFormValues, type RequestedLine } from '../lib/offer-form-values';
import { offerPreview } from '../lib/offer-preview';

const PENDING = 'Priced at the index';
/** Amounts stay on one line; the descriptions beside them wrap. */
const AMOUNT = { whiteSpace: 'nowrap' } as const;

/**
 * The landed cost of the offer as it is typed, worked out by the rules the trader compares with:
 * each line's fuel at the requested max, each charge by its basis, the total and the all-in price
 * per tonne. Index-linked lines show their formula; until the index is known the total cannot be.
 */
export function OfferPreviewCard({
  values,
  requested,
}: {
  values: OfferFormValues;
  requested: RequestedLine[];
}) {
  const preview = offerPreview(values, requested);
  const names = new Map(lineNames(requested).map((name, i) => [requested[i]!.id, name]));
  const asked = new Map(requested.map((l) => [l.id, l]));
  const typed = new Map(values.lines.map((l) => [l.product_line_id, l]));
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Landed cost preview" role="region">
      <Title order={3} size="h5" mb={4}>
        Landed cost preview
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        At the requested max of each line, as the trader compares offers.
      </Text>
      {!preview ? (
        <Text size="sm" c="dimmed">
          Price a fuel line to see the landed cost.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4}>
          <Table.Tbody>
            {preview.lines.map((line) => {
              const form = typed.get(line.product_line_id);
              const max = asked.get(line.product_line_id)?.quantity_mt_max ?? '';
              const price =
                form?.pricing === 'index'
                  ? indexFormula(form.index_name.trim(), form.differential.trim())
                  : `${formatUsd(form?.price_per_mt.trim() ?? '')}/MT`;
              return (
                <Table.Tr key={line.product_line_id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {names.get(line.product_line_id)} · {formatQuantity(max)} MT × {price}
                  </Table.Td>
                  <Table.Td ta="right" style={AMOUNT}>
                    {line.fuel_cost ? formatUsd(line.fuel_cost) : PENDING}
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {preview.charges.map((charge, i) => (
              <Table.Tr key={i}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {CHARGE_KIND_LABELS[charge.kind]} · {chargeTerms(charge, formatUsd)}
                </Table.Td>
                <Table.Td ta="right" style={AMOUNT}>
                  {charge.contingent
                    ? 'Not in the total'
                    : charge.amount_usd
                      ? formatUsd(charge.amount_usd)
                      : PENDING}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Landed cost</Table.Th>
              <Table.Td ta="right" fw={700} style={AMOUNT}>
                {preview.total_landed_cost ? formatUsd(preview.total_landed_cost) : PENDING}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">All-in per MT</Table.Th>
              <Table.Td ta="right">
                {preview.all_in_per_mt ? formatUsd(preview.all_in_per_mt) : PENDING}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {preview?.indicative && (
        <Text size="xs" c="dimmed" mt="xs">
          Indicative: an index-linked line is priced at the index value the trader compares with.
        </Text>
      )}
    </Paper>
  );
}
