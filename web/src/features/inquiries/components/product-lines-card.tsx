import { Button, Card, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DEFAULT_ISO_SPEC,
  ISO_SPECS,
  LIMITS,
  type InquiryDetail,
  type InquiryProductLine,
  type IsoSpec,
} from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useProducts } from '../../../lib/api/products';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useAddLine, useDeleteLine, useUpdateLine } from '../api/inquiries';

interface Draft {
  product_name: string;
  iso_spec: IsoSpec;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

const draftOf = (line?: InquiryProductLine): Draft => ({
  product_name: line?.product_name ?? '',
  iso_spec: (line?.iso_spec as IsoSpec | undefined) ?? DEFAULT_ISO_SPEC,
  quantity_mt_min: line ? line.quantity_mt_min : '',
  quantity_mt_max: line ? line.quantity_mt_max : '',
});

const sameDraft = (a: Draft, b: Draft) =>
  (Object.keys(a) as (keyof Draft)[]).every((field) => a[field] === b[field]);

/** A line's cells while it is edited in place (and the new line being added). */
function DraftCells({
  draft,
  fuelTypes,
  onChange,
}: {
  draft: Draft;
  fuelTypes: string[];
  onChange: (d: Draft) => void;
}) {
  return (
    <>
      <Table.Td>
        <Select
          aria-label="Fuel Type"
          data={fuelTypes}
          value={draft.product_name || null}
          onChange={(v) => onChange({ ...draft, product_name: v ?? '' })}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label="ISO Specification"
          data={[...ISO_SPECS]}
          value={draft.iso_spec}
          allowDeselect={false}
          onChange={(v) => onChange({ ...draft, iso_spec: (v as IsoSpec | null) ?? DEFAULT_ISO_SPEC })}
        />
      </Table.Td>
      {(['quantity_mt_min', 'quantity_mt_max'] as const).map((field) => (
        <Table.Td key={field}>
          <TextInput
            aria-label={field === 'quantity_mt_min' ? 'Min Quantity (MT)' : 'Max Quantity (MT)'}
            type="number"
            step={LIMITS.quantityStepMt}
            min={LIMITS.quantityStepMt}
            value={draft[field]}
            onChange={(e) => onChange({ ...draft, [field]: e.currentTarget.value })}
          />
        </Table.Td>
      ))}
    </>
  );
}

/** Spec §2 "Details": product requirement rows with inline edit and delete, and a working Add Product. */
export function ProductLinesCard({ inquiry, editable }: { inquiry: InquiryDetail; editable: boolean }) {
  const fuelTypes = (useProducts().data ?? []).map((p) => p.code);
  const update = useUpdateLine(inquiry.id);
  const remove = useDeleteLine(inquiry.id);
  const add = useAddLine(inquiry.id);
  const [draftLine, setEditing] = useState<{ id: string | 'new'; draft: Draft } | null>(null);
  // A line being edited closes when the inquiry stops being editable (e.g. it was just cancelled).
  const editing = editable ? draftLine : null;
  const editedLine = inquiry.products.find((line) => line.id === editing?.id);
  useUnsavedChanges(editing !== null && !sameDraft(editing.draft, draftOf(editedLine)));

  const save = async () => {
    if (!editing) return;
    try {
      if (editing.id === 'new') {
        await add.mutateAsync(editing.draft);
        notifySuccess('Product added successfully!');
      } else {
        await update.mutateAsync({ lineId: editing.id, body: editing.draft });
        notifySuccess('Product updated successfully!');
      }
      setEditing(null);
    } catch (err) {
      const fallback = editing.id === 'new' ? 'Error adding product' : 'Error updating product';
      const detail = errorDetail(err, '');
      notifyError(detail ? `${fallback}: ${detail}` : fallback);
    }
  };

  const confirmDelete = (line: InquiryProductLine) =>
    modals.openConfirmModal({
      title: 'Delete product',
      children: <Text size="sm">Are you sure you want to delete {line.product_name} from this inquiry?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(line.id, {
          onSuccess: () => notifySuccess('Product deleted successfully!'),
          onError: (err) => {
            const detail = errorDetail(err, '');
            notifyError(detail ? `Error deleting product: ${detail}` : 'Error deleting product');
          },
        }),
    });

  const busy = add.isPending || update.isPending;
  const isoColumnFrom = editing ? undefined : 'sm';
  const actions = (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" onClick={save} loading={busy}>
        Save
      </Button>
      <Button size="xs" variant="default" onClick={() => setEditing(null)}>
        Cancel
      </Button>
    </Group>
  );

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Product Requirements
        </Title>
        {editable && (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ id: 'new', draft: draftOf() })}
            disabled={editing?.id === 'new'}
          >
            Add Product
          </Button>
        )}
      </Group>
      {/* A phone reads the lines without scrolling sideways: the ISO spec moves under the fuel type until a line is edited. */}
      <Table.ScrollContainer minWidth={editing ? 720 : 0}>
        <Table aria-label="Product requirements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fuel Type</Table.Th>
              <Table.Th visibleFrom={isoColumnFrom}>ISO Specification</Table.Th>
              <Table.Th>Min (MT)</Table.Th>
              <Table.Th>Max (MT)</Table.Th>
              {editable && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inquiry.products.map((line) =>
              editing?.id === line.id ? (
                <Table.Tr key={line.id}>
                  <DraftCells
                    draft={editing.draft}
                    fuelTypes={fuelTypes}
                    onChange={(draft) => setEditing({ id: line.id, draft })}
                  />
                  <Table.Td>{actions}</Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    {line.product_name}
                    {!editing && (
                      <Text size="xs" hiddenFrom="sm">
                        {line.iso_spec}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom={isoColumnFrom}>{line.iso_spec}</Table.Td>
                  <Table.Td>{line.quantity_mt_min}</Table.Td>
                  <Table.Td>{line.quantity_mt_max}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <Group gap={4}>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing({ id: line.id, draft: draftOf(line) })}
                          aria-label={`Edit ${line.product_name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => confirmDelete(line)}
                          loading={remove.isPending && remove.variables === line.id}
                          aria-label={`Delete ${line.product_name}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ),
            )}
            {editing?.id === 'new' && (
              <Table.Tr>
                <DraftCells
                  draft={editing.draft}
                  fuelTypes={fuelTypes}
                  onChange={(draft) => setEditing({ id: 'new', draft })}
                />
                <Table.Td>{actions}</Table.Td>
              </Table.Tr>
            )}
            {inquiry.products.length === 0 && editing?.id !== 'new' && (
              <Table.Tr>
                <Table.Td colSpan={5}>No products</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
