import {
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { DEFAULT_ISO_SPEC, ISO_SPECS, productInput, type Product } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useProducts } from '../../../lib/api/products';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useAddStandardFuels, useDeleteProduct, useSaveProduct } from '../api/admin';
import { SharedDataNotice, useCanChangeSharedData } from './shared-data-notice';

function ProductDialog({ product, onClose }: { product?: Product; onClose: () => void }) {
  const save = useSaveProduct();
  const form = useForm({
    initialValues: {
      code: product?.code ?? '',
      name: product?.name ?? '',
      spec_version: product?.spec_version ?? DEFAULT_ISO_SPEC,
      sulfur_max: product?.sulfur_max ?? '',
      aliases: product?.aliases ?? [],
    },
    validate: zod4Resolver(productInput),
  });
  useUnsavedChanges(form.isDirty());
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: product?.id, body: values });
      notifySuccess(product ? 'Product updated successfully!' : 'Product added successfully!');
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
      notifyError(
        `${product ? 'Error updating product' : 'Error adding product'}: ${errorDetail(err, 'Please try again.')}`,
      );
    }
  });
  return (
    <Modal opened onClose={onClose} title={product ? `Edit ${product.code}` : 'Add Product'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={2}>
            <TextInput label="Code" required {...form.getInputProps('code')} />
            <TextInput label="Name" {...form.getInputProps('name')} />
            <Select
              label="Spec Version"
              data={[...ISO_SPECS]}
              allowDeselect={false}
              {...form.getInputProps('spec_version')}
            />
            <TextInput
              label="Max Sulfur %"
              required
              inputMode="decimal"
              {...form.getInputProps('sulfur_max')}
            />
          </SimpleGrid>
          <TagsInput label="Aliases" placeholder="Type and press Enter" {...form.getInputProps('aliases')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Updating...' : product ? 'Save Changes' : 'Add Product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Admin › Products: Code, Spec Version, Max Sulfur %, Aliases; platform operators add, edit and delete. */
export function ProductsTab() {
  const canChange = useCanChangeSharedData();
  const { data, isLoading } = useProducts();
  const remove = useDeleteProduct();
  const standard = useAddStandardFuels();
  const [dialog, setDialog] = useState<{ product?: Product } | null>(null);

  const confirmDelete = (product: Product) =>
    modals.openConfirmModal({
      title: 'Delete product',
      children: `Are you sure you want to delete ${product.code}? This action cannot be undone.`,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(product.id, {
          onSuccess: () => notifySuccess('Product deleted successfully!'),
          onError: () => notifyError('Error deleting product'),
        }),
    });

  return (
    <>
      {!canChange && <SharedDataNotice />}
      {canChange && (
        <Group justify="flex-end" mb="md">
          <Button
            variant="default"
            disabled={standard.isPending}
            onClick={() =>
              standard.mutate(undefined, {
                onSuccess: (r) => notifySuccess(r.detail),
                onError: (err) => notifyError(errorDetail(err, 'Error adding standard fuels')),
              })
            }
          >
            Add Standard Fuels
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
            Add Product
          </Button>
        </Group>
      )}
      {isLoading ? (
        <Skeleton height={160} />
      ) : (
        <Table striped aria-label="Products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Spec Version</Table.Th>
              <Table.Th>Max Sulfur %</Table.Th>
              <Table.Th>Aliases</Table.Th>
              {canChange && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td fw={600}>{p.code}</Table.Td>
                <Table.Td>{p.spec_version}</Table.Td>
                <Table.Td>{p.sulfur_max ?? '—'}</Table.Td>
                <Table.Td>{p.aliases.join(', ') || '—'}</Table.Td>
                {canChange && (
                  <Table.Td>
                    <Group gap={4}>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setDialog({ product: p })}
                        aria-label={`Edit ${p.code}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => confirmDelete(p)}
                        loading={remove.isPending && remove.variables === p.id}
                        aria-label={`Delete ${p.code}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialog && <ProductDialog product={dialog.product} onClose={() => setDialog(null)} />}
    </>
  );
}
