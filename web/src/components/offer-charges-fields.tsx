import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CHARGE_BASES,
  CHARGE_BASIS_LABELS,
  CHARGE_KINDS,
  CHARGE_KIND_LABELS,
  MAX_CHARGES,
  type ChargeBasis,
} from '@mfd/contracts';
import { lineNames, newCharge, type OfferFormValues, type RequestedLine } from '../lib/offer-form-values';

const KIND_OPTIONS = CHARGE_KINDS.map((value) => ({ value, label: CHARGE_KIND_LABELS[value] }));
const BASIS_OPTIONS = CHARGE_BASES.map((value) => ({ value, label: CHARGE_BASIS_LABELS[value] }));

/** What the amount means under each basis. */
const AMOUNT_HINTS: Record<ChargeBasis, string> = {
  lump_sum: 'USD for the whole stem',
  per_mt: 'USD per tonne of its fuel lines',
  lump_sum_up_to: 'USD covering up to the quantity below',
  percent: 'Per cent of the fuel cost of its lines (e.g. a tax)',
  per_hour: 'USD an hour: shown, not added to the total',
};

/**
 * The itemised charges of an offer (barging, wharfage, taxes…), each counted by its basis, for
 * every fuel line or only those chosen. Labels carry the charge's number, so each input is found
 * by its own name.
 */
export function OfferChargesFields({
  form,
  requested,
}: {
  form: UseFormReturnType<OfferFormValues>;
  requested: RequestedLine[];
}) {
  const names = lineNames(requested);
  const lineOptions = requested.map((line, i) => ({ value: line.id, label: names[i] ?? line.product_name }));
  const decimal = { inputMode: 'decimal' as const, autoComplete: 'off' };
  const charges = form.values.charges;
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        Charges
      </Text>
      {charges.length === 0 && (
        <Text size="sm" c="dimmed">
          No charges beside the fuel price. Add barging, wharfage, port dues, taxes and the like one by one.
        </Text>
      )}
      {charges.map((charge, i) => {
        const n = i + 1;
        return (
          <Fieldset key={i} legend={`Charge ${n}`}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} style={{ alignItems: 'end' }}>
              <NativeSelect
                label={`Kind of charge ${n}`}
                data={KIND_OPTIONS}
                {...form.getInputProps(`charges.${i}.kind`)}
              />
              <NativeSelect
                label={`Basis of charge ${n}`}
                data={BASIS_OPTIONS}
                {...form.getInputProps(`charges.${i}.basis`)}
              />
              <TextInput
                label={`Amount of charge ${n}`}
                description={AMOUNT_HINTS[charge.basis]}
                {...decimal}
                {...form.getInputProps(`charges.${i}.amount`)}
              />
              {charge.basis === 'lump_sum_up_to' && (
                <>
                  <TextInput
                    label={`Up to (MT) for charge ${n}`}
                    description="Tonnes the lump sum covers, over its lines"
                    {...decimal}
                    {...form.getInputProps(`charges.${i}.threshold_mt`)}
                  />
                  <TextInput
                    label={`Above that (USD/MT) for charge ${n}`}
                    description="Per tonne beyond the quantity covered"
                    {...decimal}
                    {...form.getInputProps(`charges.${i}.amount_above`)}
                  />
                </>
              )}
              <MultiSelect
                label={`Fuel lines of charge ${n}`}
                placeholder={charge.product_line_ids.length ? undefined : 'Every line'}
                data={lineOptions}
                searchable
                clearable
                {...form.getInputProps(`charges.${i}.product_line_ids`)}
              />
              <TextInput label={`Note on charge ${n}`} {...form.getInputProps(`charges.${i}.note`)} />
            </SimpleGrid>
            <Group justify="flex-end" mt="xs">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove charge ${n}`}
                onClick={() => form.removeListItem('charges', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Fieldset>
        );
      })}
      {form.errors.charges && (
        <Text size="sm" c="red" role="alert">
          {form.errors.charges}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={charges.length >= MAX_CHARGES}
          onClick={() => form.insertListItem('charges', newCharge())}
        >
          Add charge
        </Button>
      </Group>
    </Stack>
  );
}
