import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { supplierInput } from '@mfd/contracts';
import { PortCoveragePicker, type CoveredPort } from '../../../components/port-coverage-picker';
import { errorDetail } from '../../../lib/api-client';
import { useSaveSupplier } from '../../../lib/api/suppliers';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { STATUS_OPTIONS } from '../../../lib/options';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

type Values = {
  trading_name: string;
  default_email: string;
  default_phone: string;
  status: 'active' | 'inactive';
  ports: CoveredPort[];
};
const EMPTY: Values = { trading_name: '', default_email: '', default_phone: '', status: 'active', ports: [] };

const toRequest = ({ ports, ...v }: Values) => ({ ...v, port_ids: ports.map((p) => p.id) });

/**
 * The Suppliers page's Add New Supplier form (spec §2): Trading Name and Email required, and the
 * ports covered with the same picker as Edit, so a new supplier is offered for its ports at once.
 */
export function AddSupplierForm() {
  const save = useSaveSupplier();
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (v) => zod4Resolver(supplierInput)(toRequest(v)),
  });
  useUnsavedChanges(form.isDirty());
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toRequest(values));
      notifySuccess('Supplier created successfully!');
      form.setValues(EMPTY);
    } catch (err) {
      applyServerErrors(form, err, (field) => (field === 'port_ids' ? 'ports' : field));
      notifyError(`Error creating supplier. Please try again. ${errorDetail(err, '')}`.trim());
    }
  });
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-label="Add New Supplier">
      <Title order={2} size="h4" mb="sm">
        Add New Supplier
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <TextInput label="Trading Name" required {...form.getInputProps('trading_name')} />
            <TextInput label="Email" type="email" required {...form.getInputProps('default_email')} />
            <TextInput label="Phone" type="tel" {...form.getInputProps('default_phone')} />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <PortCoveragePicker
            value={form.values.ports}
            onChange={(ports) => form.setFieldValue('ports', ports)}
            error={form.errors.ports}
          />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Adding Supplier...' : 'Add Supplier'}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
