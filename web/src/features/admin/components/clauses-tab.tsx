import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { clauseInput, type ClauseInput, type ClauseView } from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useClauses, useCreateClause, useDeleteClause, useUpdateClause } from '../../../lib/api/clauses';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

type Values = { title: string; text: string; default: boolean };

/** Add Clause and Edit Clause: its title, its text and whether it goes on every new stem. */
function ClauseDialog({ clause, onClose }: { clause?: ClauseView; onClose: () => void }) {
  const create = useCreateClause();
  const update = useUpdateClause();
  const form = useForm<Values>({
    initialValues: {
      title: clause?.title ?? '',
      text: clause?.text ?? '',
      default: clause?.default ?? false,
    },
    validate: zod4Resolver(clauseInput),
  });
  useUnsavedChanges(form.isDirty());
  const busy = create.isPending || update.isPending;
  const submit = form.onSubmit(async (body: ClauseInput) => {
    try {
      if (clause) {
        await update.mutateAsync({ id: clause.id, body });
        notifySuccess('Clause updated successfully!');
      } else {
        await create.mutateAsync(body);
        notifySuccess('Clause added successfully!');
      }
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
      notifyError(
        `${clause ? 'Error updating clause' : 'Error adding clause'}: ${errorDetail(err, 'Please try again.')}`,
      );
    }
  });
  return (
    <Modal opened onClose={onClose} title={clause ? 'Edit Clause' : 'Add Clause'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Textarea label="Text" required autosize minRows={4} maxRows={14} {...form.getInputProps('text')} />
          <Checkbox
            label="Default: put this clause on every new stem"
            {...form.getInputProps('default', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : clause ? 'Save Changes' : 'Add Clause'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Admin › Clauses: the company's clause library (issue 24). Default clauses go on every new stem;
 * a trader adds or removes clauses on a draft stem. Editing or deleting one here leaves the stems
 * that have it as they are.
 */
export function ClausesTab() {
  const clauses = useClauses();
  const remove = useDeleteClause();
  const [dialog, setDialog] = useState<{ clause?: ClauseView } | null>(null);

  const confirmDelete = (clause: ClauseView) =>
    modals.openConfirmModal({
      title: 'Delete clause',
      children: (
        <Text size="sm">
          Are you sure you want to delete {clause.title}? Stems that have it keep their copy. This action
          cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(clause.id, {
          onSuccess: () => notifySuccess('Clause deleted successfully!'),
          onError: (err) => notifyError(`Error deleting clause: ${errorDetail(err, 'Please try again.')}`),
        }),
    });

  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
      Add Clause
    </Button>
  );
  const rows = clauses.data ?? [];
  return (
    <>
      {clauses.isLoading ? (
        <Skeleton height={200} />
      ) : clauses.isError ? (
        <Alert color="red">
          {errorDetail(clauses.error, 'The clauses could not be loaded. Please refresh.')}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState
          title="No clauses yet"
          description="Add the clauses your stem confirmations carry; default ones go on every new stem."
          action={add}
        />
      ) : (
        <>
          <Group justify="flex-end" mb="md">
            {add}
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-label="Clauses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Text</Table.Th>
                  <Table.Th>Default</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={500}>{c.title}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} maw={420}>
                        {c.text}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {c.default ? (
                        <Badge variant="light">Default</Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setDialog({ clause: c })}
                          aria-label={`Edit ${c.title}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          disabled={remove.isPending}
                          onClick={() => confirmDelete(c)}
                          aria-label={`Delete ${c.title}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {dialog && <ClauseDialog clause={dialog.clause} onClose={() => setDialog(null)} />}
    </>
  );
}
