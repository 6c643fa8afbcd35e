import { Alert, Button, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { deliveryInput, type StemView } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { portInputToIso } from '../../../lib/port-time';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useRecordDelivery } from '../api/stem-life';

type Line = {
  product_line_id: string;
  quantity_mt: string;
  density_kg_m3: string;
  sulphur_pct: string;
  viscosity_cst: string;
};
type Values = {
  bdn_number: string;
  delivered_at: string;
  barge_name: string;
  seals: string;
  remarks: string;
  lines: Line[];
};

/** The form as the route takes it: the time typed in port time, seals one per line, blanks as null. */
function body(values: Values, zone: string) {
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    bdn_number: values.bdn_number,
    delivered_at: portInputToIso(values.delivered_at, zone) ?? '',
    barge_name: blank(values.barge_name),
    seals: values.seals
      .split(/[\n,]/)
      .map((s) => s.trim())
      .filter(Boolean),
    remarks: blank(values.remarks),
    lines: values.lines.map((l) => ({
      product_line_id: l.product_line_id,
      quantity_mt: l.quantity_mt.trim(),
      density_kg_m3: blank(l.density_kg_m3),
      sulphur_pct: blank(l.sulphur_pct),
      viscosity_cst: blank(l.viscosity_cst),
    })),
  };
}

/** The bunker delivery note of a sent stem, per line; delivered at is typed in the port's time. */
export function DeliveryForm({ stem }: { stem: StemView }) {
  const zone = stem.port.timezone ?? 'UTC';
  const record = useRecordDelivery(stem.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      bdn_number: '',
      delivered_at: '',
      barge_name: '',
      seals: '',
      remarks: '',
      lines: stem.lines.map((l) => ({
        product_line_id: l.product_line_id,
        quantity_mt: '',
        density_kg_m3: '',
        sulphur_pct: '',
        viscosity_cst: '',
      })),
    },
    validate: (values) => {
      const result = deliveryInput.safeParse(body(values, zone));
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
      return errors;
    },
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await record.mutateAsync(body(values, zone));
      form.resetDirty();
      notifySuccess('Delivery recorded');
    } catch (err) {
      applyServerErrors(form, err);
      setFailure(errorDetail(err, 'The delivery could not be recorded. Please try again.'));
    }
  });

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Record Delivery
      </Title>
      <form onSubmit={submit} noValidate aria-label="Record delivery">
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="BDN number" required {...form.getInputProps('bdn_number')} />
            <TextInput
              type="datetime-local"
              label={`Delivered at (port time, ${zone})`}
              required
              {...form.getInputProps('delivered_at')}
            />
            <TextInput label="Barge name" {...form.getInputProps('barge_name')} />
          </SimpleGrid>
          {stem.lines.map((line, i) => (
            <SimpleGrid key={line.product_line_id} cols={{ base: 1, sm: 4 }}>
              <TextInput
                label={`${line.product_name} delivered (MT)`}
                inputMode="decimal"
                required
                {...form.getInputProps(`lines.${i}.quantity_mt`)}
              />
              <TextInput
                label={`${line.product_name} density at 15 °C (kg/m³)`}
                inputMode="decimal"
                {...form.getInputProps(`lines.${i}.density_kg_m3`)}
              />
              <TextInput
                label={`${line.product_name} sulphur (% m/m)`}
                inputMode="decimal"
                {...form.getInputProps(`lines.${i}.sulphur_pct`)}
              />
              <TextInput
                label={`${line.product_name} viscosity (cSt)`}
                inputMode="decimal"
                {...form.getInputProps(`lines.${i}.viscosity_cst`)}
              />
            </SimpleGrid>
          ))}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Textarea
              label="Seal numbers (MARPOL and other samples)"
              description="One per line"
              autosize
              minRows={2}
              {...form.getInputProps('seals')}
            />
            <Textarea label="Remarks" autosize minRows={2} {...form.getInputProps('remarks')} />
          </SimpleGrid>
          {form.errors.lines && (
            <Text size="sm" c="red" role="alert">
              {form.errors.lines}
            </Text>
          )}
          <Button type="submit" loading={record.isPending} style={{ alignSelf: 'flex-start' }}>
            Record Delivery
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
