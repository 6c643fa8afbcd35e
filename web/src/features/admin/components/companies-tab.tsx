import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { companyUpdate, type Company } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { errorDetail } from '../../../lib/api-client';
import { COUNTRY_OPTIONS, countryName } from '../../../lib/countries';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCompanies, useUpdateCompany } from '../api/admin';
import { STATUS_OPTIONS } from '../../../lib/options';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

function CompanyDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const update = useUpdateCompany();
  const form = useForm({
    initialValues: {
      legal_name: company.legal_name,
      brand_name: company.brand_name ?? '',
      country: company.country === 'XX' ? '' : (company.country ?? ''),
      city: company.city ?? '',
      status: company.status,
    },
    validate: zod4Resolver(companyUpdate),
  });
  useUnsavedChanges(form.isDirty());
  const submit = form.onSubmit(async (body) => {
    try {
      await update.mutateAsync({ id: company.id, body });
      notifySuccess('Company updated successfully!');
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
      notifyError(`Error updating company: ${errorDetail(err, 'Please try again.')}`);
    }
  });
  return (
    <Modal opened onClose={onClose} title={`Edit ${company.display_name}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Legal Name" required {...form.getInputProps('legal_name')} />
            <TextInput label="Brand Name" {...form.getInputProps('brand_name')} />
            <Select
              label="Country"
              data={COUNTRY_OPTIONS}
              searchable
              clearable
              {...form.getInputProps('country')}
            />
            <TextInput label="City" {...form.getInputProps('city')} />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Admin › Companies: the company's customers and supplier companies, with an edit dialog. */
export function CompaniesTab() {
  const { data, isLoading } = useCompanies();
  const [editing, setEditing] = useState<Company | null>(null);
  if (isLoading) return <Skeleton height={200} />;
  if (!data?.length)
    return (
      <EmptyState
        title="No companies yet"
        description="Customers and supplier companies appear here once added."
      />
    );
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover aria-label="Companies">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Country</Table.Th>
              <Table.Th>City</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Suppliers</Table.Th>
              <Table.Th ta="right">Inquiries</Table.Th>
              <Table.Th>Edit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td fw={500}>{c.display_name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={c.type === 'customer' ? 'ocean' : 'orange'}>
                    {c.type}
                  </Badge>
                </Table.Td>
                <Table.Td>{c.country === 'XX' ? 'Unknown' : countryName(c.country) || '—'}</Table.Td>
                <Table.Td>{c.city ?? '—'}</Table.Td>
                <Table.Td>{c.status}</Table.Td>
                <Table.Td ta="right">{c.suppliers_count}</Table.Td>
                <Table.Td ta="right">{c.inquiry_count}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(c)}
                    aria-label={`Edit ${c.display_name}`}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <CompanyDialog company={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
