import { Button, Card, Group, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { supplierInput } from '@mfd/contracts';
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
};
const EMPTY: Values = { trading_name: '', default_email: '', default_phone: '', status: 'active' };

/** The Suppliers page's Add New Supplier form (spec §2): Trading Name and Email required. */
export function AddSupplierForm() {
  const save = useSaveSupplier();
  const form = useForm<Values>({ initialValues: EMPTY, validate: zod4Resolver(supplierInput) });
  useUnsavedChanges(form.isDirty());
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess('Supplier created successfully!');
      form.setValues(EMPTY);
    } catch (err) {
      applyServerErrors(form, err);
      notifyError(`Error creating supplier. Please try again. ${errorDetail(err, '')}`.trim());
    }
  });
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-label="Add New Supplier">
      <Title order={2} size="h4" mb="sm">
        Add New Supplier
      </Title>
      <form onSubmit={submit} noValidate>
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
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Adding Supplier...' : 'Add Supplier'}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
