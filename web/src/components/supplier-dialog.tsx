import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { SUPPLIER_DEFAULT_TAG, supplierInput, type Supplier } from '@mfd/contracts';
import { errorDetail } from '../lib/api-client';
import { useSaveSupplier } from '../lib/api/suppliers';
import { applyServerErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { STATUS_OPTIONS } from '../lib/options';
import { useUnsavedChanges } from '../lib/unsaved-changes';
import { PortCoveragePicker, type CoveredPort } from './port-coverage-picker';

type Contact = { name: string; email: string; phone: string; role: string; is_primary: boolean };
type Values = {
  trading_name: string;
  default_email: string;
  default_phone: string;
  status: 'active' | 'inactive';
  tags: string[];
  contacts: Contact[];
  ports: CoveredPort[];
};

function initialValues(supplier?: Supplier): Values {
  return {
    trading_name: supplier?.trading_name ?? '',
    default_email: supplier?.default_email ?? '',
    default_phone: supplier?.default_phone ?? '',
    status: supplier?.status ?? 'active',
    tags: supplier?.tags ?? [SUPPLIER_DEFAULT_TAG],
    contacts: (supplier?.contacts ?? []).map((c) => ({
      name: c.name,
      email: c.email,
      phone: c.phone ?? '',
      role: c.role ?? '',
      is_primary: c.is_primary,
    })),
    ports: supplier?.ports ?? [],
  };
}

const toRequest = (v: Values) => ({
  trading_name: v.trading_name,
  default_email: v.default_email,
  default_phone: v.default_phone,
  status: v.status,
  tags: v.tags,
  contacts: v.contacts,
  port_ids: v.ports.map((p) => p.id),
});

/** Add or edit a supplier with its contacts and the ports it covers (spec §2 Suppliers, made to work). */
export function SupplierDialog({
  opened,
  onClose,
  supplier,
}: {
  opened: boolean;
  onClose: () => void;
  supplier?: Supplier;
}) {
  const save = useSaveSupplier(supplier?.id);
  const form = useForm<Values>({
    initialValues: initialValues(supplier),
    validate: (v) => zod4Resolver(supplierInput)(toRequest(v)),
  });
  useUnsavedChanges(opened && form.isDirty());

  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync(toRequest(v));
      notifySuccess(supplier ? 'Supplier updated successfully!' : 'Supplier created successfully!');
      onClose();
    } catch (err) {
      applyServerErrors(form, err, (field) => (field === 'port_ids' ? 'ports' : field));
      notifyError(
        `${supplier ? 'Error updating supplier' : 'Error creating supplier. Please try again.'} ${errorDetail(err, '')}`.trim(),
      );
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={supplier ? `Edit ${supplier.trading_name}` : 'Add New Supplier'}
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
          <TagsInput label="Tags" placeholder="Add a tag and press Enter" {...form.getInputProps('tags')} />

          <Divider label="Contacts" labelPosition="left" />
          {form.values.contacts.length === 0 && (
            <Text size="sm" c="dimmed">
              No contacts yet: inquiries go to the supplier’s e-mail.
            </Text>
          )}
          {form.values.contacts.map((_, index) => (
            <Group key={index} align="flex-end" wrap="nowrap" gap="xs">
              <TextInput
                label="Contact Name"
                required
                style={{ flex: 2 }}
                {...form.getInputProps(`contacts.${index}.name`)}
              />
              <TextInput
                label="Contact Email"
                type="email"
                required
                style={{ flex: 2 }}
                {...form.getInputProps(`contacts.${index}.email`)}
              />
              <TextInput
                label="Contact Phone"
                type="tel"
                style={{ flex: 2 }}
                {...form.getInputProps(`contacts.${index}.phone`)}
              />
              <TextInput label="Role" style={{ flex: 1 }} {...form.getInputProps(`contacts.${index}.role`)} />
              <Checkbox
                label="Primary"
                mb={8}
                {...form.getInputProps(`contacts.${index}.is_primary`, { type: 'checkbox' })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Remove contact ${index + 1}`}
                onClick={() => form.removeListItem('contacts', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem('contacts', {
                  name: '',
                  email: '',
                  phone: '',
                  role: '',
                  is_primary: form.values.contacts.length === 0,
                })
              }
            >
              Add Contact
            </Button>
          </Group>

          <Divider label="Ports covered" labelPosition="left" />
          <PortCoveragePicker
            value={form.values.ports}
            onChange={(ports) => form.setFieldValue('ports', ports)}
            error={form.errors.ports}
          />

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Updating...' : supplier ? 'Save Changes' : 'Add Supplier'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
