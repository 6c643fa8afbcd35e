import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  CUSTOMER_REQUIRED_FIELDS,
  customerCreate,
  customerUpdate,
  SELLING_TERMS,
  SHIP_TYPES_CREATE,
  SHIP_TYPES_EDIT,
  type Customer,
} from '@mfd/contracts';
import { errorDetail } from '../lib/api-client';
import { COUNTRY_OPTIONS } from '../lib/countries';
import { applyServerErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { useCreateCustomer, useUpdateCustomer } from '../lib/api/customers';
import { useCompanySettings } from '../lib/team';
import { useUnsavedChanges } from '../lib/unsaved-changes';

const CREATE_FIELDS = [
  'legal_entity_name',
  'address',
  'city',
  'country',
  'general_email',
  'main_phone',
  'website',
  'contact_name',
  'contact_phone',
  'contact_email',
  'selling_terms',
  'main_ship_type',
] as const;
const EDIT_FIELDS = [
  ...CREATE_FIELDS,
  'brand_name',
  'trading_name',
  'state_province',
  'postal_code',
  'registration_number',
  'tax_id',
  'contact_position',
  'notes',
] as const;
type Values = Record<(typeof EDIT_FIELDS)[number], string>;

/** The Add form's body: selling terms left empty are the company's default, which the server applies. */
function createBody(values: Values): Record<string, string> {
  const body: Record<string, string> = Object.fromEntries(CREATE_FIELDS.map((f) => [f, values[f]]));
  if (!body.selling_terms) delete body.selling_terms;
  return body;
}

function initialValues(customer?: Customer): Values {
  const values = Object.fromEntries(EDIT_FIELDS.map((f) => [f, ''])) as Values;
  if (!customer) return values;
  for (const f of EDIT_FIELDS) values[f] = (customer[f] as string | null) ?? '';
  return values;
}

/**
 * Add New Customer (spec §5's create fields plus city and country) and Edit Customer (its edit
 * fields): both require the same fields (CUSTOMER_REQUIRED_FIELDS), so an edit never first asks
 * for something the add did not.
 */
export function CustomerDialog({
  opened,
  onClose,
  customer,
  initialName,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  customer?: Customer;
  /** What the user typed in a customer box before choosing "Add new?". */
  initialName?: string;
  onCreated?: (created: { id: string; legal_entity_name: string }) => void;
}) {
  const editing = customer !== undefined;
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const settings = useCompanySettings();
  const form = useForm<Values>({
    initialValues: { ...initialValues(customer), ...(initialName ? { legal_entity_name: initialName } : {}) },
    validate: (values) =>
      editing ? zod4Resolver(customerUpdate)(values) : zod4Resolver(customerCreate)(createBody(values)),
  });
  const busy = create.isPending || update.isPending;
  useUnsavedChanges(opened && form.isDirty());

  const submit = form.onSubmit(async (values) => {
    try {
      if (customer) {
        await update.mutateAsync({ id: customer.id, body: values });
        notifySuccess('Customer updated successfully!');
      } else {
        const created = await create.mutateAsync(createBody(values));
        notifySuccess('Customer added successfully!');
        onCreated?.({ id: created.id, legal_entity_name: values.legal_entity_name });
      }
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
      notifyError(
        editing
          ? `Error updating customer: ${errorDetail(err, 'Please try again.')}`
          : `Error adding customer: ${errorDetail(err, 'Please try again.')}`,
      );
    }
  });

  const required = (name: keyof Values) => (CUSTOMER_REQUIRED_FIELDS as readonly string[]).includes(name);
  const text = (name: keyof Values, label: string, type = 'text') => (
    <TextInput label={label} required={required(name)} type={type} {...form.getInputProps(name)} />
  );
  const shipTypes: string[] = editing ? [...SHIP_TYPES_EDIT] : [...SHIP_TYPES_CREATE];
  if (form.values.main_ship_type && !shipTypes.includes(form.values.main_ship_type))
    shipTypes.push(form.values.main_ship_type);

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit Customer' : 'Add New Customer'} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('legal_entity_name', 'Legal Entity Name')}
            {editing && text('brand_name', 'Brand Name')}
            {editing && text('trading_name', 'Trading Name')}
            {text('address', editing ? 'Street Address' : 'Address')}
            {text('city', 'City')}
            {editing && text('state_province', 'State / Province')}
            <Select
              label="Country"
              required={required('country')}
              data={COUNTRY_OPTIONS}
              searchable
              {...form.getInputProps('country')}
            />
            {editing && text('postal_code', 'Postal Code')}
            {text('general_email', editing ? 'Primary Email' : 'General Email', 'email')}
            {text('main_phone', editing ? 'Primary Phone' : 'Main Phone', 'tel')}
            {text('website', 'Website (optional)', 'url')}
            {editing && text('registration_number', 'Registration Number')}
            {editing && text('tax_id', 'Tax ID')}
            {text('contact_name', 'Contact Name')}
            {editing && text('contact_position', 'Contact Position')}
            {text('contact_phone', 'Contact Phone', 'tel')}
            {text('contact_email', 'Contact Email', 'email')}
            <Select
              label="Selling Terms"
              data={[...SELLING_TERMS]}
              allowDeselect={!editing}
              clearable={!editing}
              placeholder={
                settings.data ? `Company default (${settings.data.default_selling_terms})` : 'Company default'
              }
              {...form.getInputProps('selling_terms')}
            />
            <Select
              label="Main Ship Type"
              required={required('main_ship_type')}
              data={shipTypes}
              {...form.getInputProps('main_ship_type')}
            />
          </SimpleGrid>
          {editing && <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy
                ? editing
                  ? 'Updating...'
                  : 'Adding Customer...'
                : editing
                  ? 'Save Changes'
                  : 'Add Customer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
