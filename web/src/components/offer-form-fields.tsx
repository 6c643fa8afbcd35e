import { Fieldset, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DELIVERY_METHODS } from '@mfd/contracts';
import {
  DELIVERY_METHOD_LABELS,
  lineNames,
  type OfferFormValues,
  type RequestedLine,
} from '../lib/offer-form-values';
import { formatQuantityRange } from '../lib/money';
import { portInputToOffsetIso, utcOffsetLabel } from '../lib/port-clock';
import { formatUtc } from '../lib/port-time';

const DELIVERY_OPTIONS = DELIVERY_METHODS.map((value) => ({ value, label: DELIVERY_METHOD_LABELS[value] }));

/**
 * The fields of an offer, shared by the supplier's public page and the trader's "Record Offer":
 * per fuel line price, min and max deliverable and delivery method; then the charges, payment
 * terms, validity (typed in the port's time) and remarks. Each input has its own label, naming
 * the fuel for per-line ones ("Price (USD/MT) for VLSFO").
 */
export function OfferFormFields({
  form,
  requested,
  zone,
}: {
  form: UseFormReturnType<OfferFormValues>;
  requested: RequestedLine[];
  zone: string;
}) {
  const names = lineNames(requested);
  const validIso = portInputToOffsetIso(form.values.valid_until, zone);
  const decimal = { inputMode: 'decimal' as const, autoComplete: 'off' };
  return (
    <Stack>
      {requested.map((line, i) => (
        <Fieldset
          key={line.id}
          legend={`${names[i]} · ${line.iso_spec} · ${formatQuantityRange(line.quantity_mt_min, line.quantity_mt_max)} requested`}
        >
          {/* Aligned at the bottom: a label that wraps onto two lines keeps its input in the row. */}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} style={{ alignItems: 'end' }}>
            <TextInput
              label={`Price (USD/MT) for ${names[i]}`}
              {...decimal}
              {...form.getInputProps(`lines.${i}.price_per_mt`)}
            />
            <TextInput
              label={`Min deliverable (MT) for ${names[i]}`}
              {...decimal}
              {...form.getInputProps(`lines.${i}.min_deliverable`)}
            />
            <TextInput
              label={`Max deliverable (MT) for ${names[i]}`}
              {...decimal}
              {...form.getInputProps(`lines.${i}.max_deliverable`)}
            />
            <NativeSelect
              label={`Delivery method for ${names[i]}`}
              data={DELIVERY_OPTIONS}
              {...form.getInputProps(`lines.${i}.delivery_method`)}
            />
          </SimpleGrid>
        </Fieldset>
      ))}
      <Text size="sm" c="dimmed">
        Leave the price empty for a grade you do not offer.
      </Text>
      {form.errors.lines && (
        <Text size="sm" c="red" role="alert">
          {form.errors.lines}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Barging charges (USD)"
          description="One sum for the whole stem; empty means none"
          {...decimal}
          {...form.getInputProps('barging_charges')}
        />
        <TextInput
          label="Other charges (USD)"
          description="One sum for the whole stem; empty means none"
          {...decimal}
          {...form.getInputProps('other_charges')}
        />
        <TextInput
          label="Payment terms"
          placeholder="e.g. 30 days after delivery"
          {...form.getInputProps('payment_terms')}
        />
        <TextInput
          type="datetime-local"
          label={`Valid until (port time, ${utcOffsetLabel(validIso, zone)})`}
          description={validIso ? formatUtc(validIso) : `Until when the prices are firm, in ${zone} time`}
          required
          {...form.getInputProps('valid_until')}
        />
      </SimpleGrid>
      <Textarea label="Remarks" autosize minRows={2} maxRows={6} {...form.getInputProps('remarks')} />
    </Stack>
  );
}
