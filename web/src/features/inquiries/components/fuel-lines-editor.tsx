import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DEFAULT_ISO_SPEC, ISO_SPECS, LIMITS, type IsoSpec } from '@mfd/contracts';

export interface FuelLineValues {
  key: string;
  product_name: string;
  iso_spec: IsoSpec;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

export const newFuelLine = (): FuelLineValues => ({
  key: crypto.randomUUID(),
  product_name: '',
  iso_spec: DEFAULT_ISO_SPEC,
  quantity_mt_min: '',
  quantity_mt_max: '',
});

/**
 * The create form's fuel rows (spec §2): Fuel Type, ISO Specification, Min and Max Quantity in
 * steps of 0.1 MT; Add Fuel on the last row, Remove on every row after the first.
 */
export function FuelLinesEditor({
  lines,
  fuelTypes,
  errorOf,
  onChange,
}: {
  lines: FuelLineValues[];
  fuelTypes: string[];
  errorOf: (index: number, field: keyof FuelLineValues) => string | undefined;
  onChange: (lines: FuelLineValues[]) => void;
}) {
  const set = <K extends keyof FuelLineValues>(index: number, field: K, value: FuelLineValues[K]) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)));
  return (
    <Stack gap="sm">
      {lines.map((line, index) => (
        <Group
          key={line.key}
          align="flex-start"
          gap="sm"
          wrap="wrap"
          role="group"
          aria-label={`Fuel line ${index + 1}`}
        >
          <Select
            label="Fuel Type"
            placeholder="Choose"
            data={fuelTypes}
            value={line.product_name || null}
            onChange={(v) => set(index, 'product_name', v ?? '')}
            error={errorOf(index, 'product_name')}
            w={{ base: '100%', sm: 150 }}
          />
          <Select
            label="ISO Specification"
            data={[...ISO_SPECS]}
            value={line.iso_spec}
            onChange={(v) => set(index, 'iso_spec', (v as IsoSpec | null) ?? DEFAULT_ISO_SPEC)}
            error={errorOf(index, 'iso_spec')}
            allowDeselect={false}
            w={{ base: '100%', sm: 170 }}
          />
          <TextInput
            label="Min Quantity (MT)"
            type="number"
            inputMode="decimal"
            step={LIMITS.quantityStepMt}
            min={LIMITS.quantityStepMt}
            value={line.quantity_mt_min}
            onChange={(e) => set(index, 'quantity_mt_min', e.currentTarget.value)}
            error={errorOf(index, 'quantity_mt_min')}
            w={{ base: '47%', sm: 150 }}
          />
          <TextInput
            label="Max Quantity (MT)"
            type="number"
            inputMode="decimal"
            step={LIMITS.quantityStepMt}
            min={LIMITS.quantityStepMt}
            value={line.quantity_mt_max}
            onChange={(e) => set(index, 'quantity_mt_max', e.currentTarget.value)}
            error={errorOf(index, 'quantity_mt_max')}
            w={{ base: '47%', sm: 150 }}
          />
          <Group gap="xs" mt={{ base: 0, sm: 25 }}>
            {index > 0 && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
                aria-label={`Remove fuel line ${index + 1}`}
              >
                Remove
              </Button>
            )}
            {index === lines.length - 1 && (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => onChange([...lines, newFuelLine()])}
              >
                Add Fuel
              </Button>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
