import { Fieldset, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DELIVERY_METHODS, PAYMENT_BASES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@mfd/contracts';
import {
  DELIVERY_METHOD_LABELS,
  lineNames,
  type OfferFormValues,
  type RequestedLine,
} from '../lib/offer-form-values';
import { formatQuantityRange } from '../lib/money';
import { portInputToOffsetIso, utcOffsetLabel } from '../lib/port-clock';
import { formatUtc } from '../lib/port-time';
import { OfferChargesFields } from './offer-charges-fields';
import { OfferPreviewCard } from './offer-preview-card';

const DELIVERY_OPTIONS = DELIVERY_METHODS.map((value) => ({ value, label: DELIVERY_METHOD_LABELS[value] }));
const PRICING_OPTIONS = [
  { value: 'fixed', label: 'Fixed price' },
  { value: 'index', label: 'Index + differential' },
];
const PAYMENT_OPTIONS = [
  { value: '', label: 'Not stated' },
  ...PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
];
const PAYMENT_BASIS_OPTIONS = PAYMENT_BASES.map((value) => ({
  value,
  label: value === 'delivery' ? 'Delivery (BDN date)' : 'Invoice',
}));

/**
 * The fields of an offer, shared by the supplier's public page and the trader's "Record Offer":
 * per fuel line a fixed price or an index and differential, min and max deliverable and delivery
 * method; then the itemised charges, payment terms, validity (typed in the port's time), remarks,
 * and the landed cost as it is typed. Each input has its own label, naming the fuel for per-line
 * ones ("Price (USD/MT) for VLSFO").
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
  const credit = form.values.payment.method === 'credit';
  return (
    <Stack>
      {requested.map((line, i) => {
        const index = form.values.lines[i]?.pricing === 'index';
        return (
          <Fieldset
            key={line.id}
            pt="md"
            // The grade heading sits inside its box: drawn on the border, as a legend is, a heading that
            // wraps (on a phone) would straddle the line. Floated, the legend is laid out in the box.
            styles={{
              legend: {
                float: 'left',
                width: '100%',
                padding: 0,
                marginBottom: 'var(--mantine-spacing-xs)',
                fontWeight: 600,
              },
            }}
            legend={`${names[i]} · ${line.iso_spec} · ${formatQuantityRange(line.quantity_mt_min, line.quantity_mt_max)} requested`}
          >
            {/* Aligned at the bottom: a label that wraps onto two lines keeps its input in the row. */}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} style={{ alignItems: 'end', clear: 'both' }}>
              <NativeSelect
                label={`Pricing for ${names[i]}`}
                data={PRICING_OPTIONS}
                {...form.getInputProps(`lines.${i}.pricing`)}
              />
              {index ? (
                <>
                  <TextInput
                    label={`Index for ${names[i]}`}
                    placeholder="e.g. Platts Singapore Marine Fuel 0.5%"
                    {...form.getInputProps(`lines.${i}.index_name`)}
                  />
                  <TextInput
                    label={`Differential (USD/MT) for ${names[i]}`}
                    description="Added to the index; negative below it"
                    {...decimal}
                    {...form.getInputProps(`lines.${i}.differential`)}
                  />
                </>
              ) : (
                <TextInput
                  label={`Price (USD/MT) for ${names[i]}`}
                  {...decimal}
                  {...form.getInputProps(`lines.${i}.price_per_mt`)}
                />
              )}
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
        );
      })}
      <Text size="sm" c="dimmed">
        Leave the price empty for a grade you do not offer.
      </Text>
      {form.errors.lines && (
        <Text size="sm" c="red" role="alert">
          {form.errors.lines}
        </Text>
      )}
      <OfferChargesFields form={form} requested={requested} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: 'end' }}>
        <NativeSelect
          label="Payment method"
          data={PAYMENT_OPTIONS}
          {...form.getInputProps('payment.method')}
        />
        {credit && (
          <>
            <TextInput
              label="Credit days"
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('payment.days')}
            />
            <NativeSelect
              label="Credit from"
              data={PAYMENT_BASIS_OPTIONS}
              {...form.getInputProps('payment.basis')}
            />
          </>
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Payment terms"
          placeholder="Anything the terms above do not say"
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
      <OfferPreviewCard values={form.values} requested={requested} />
    </Stack>
  );
}
