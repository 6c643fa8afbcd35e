import { ActionIcon, Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { indexValuesInput, type IndexValueView } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { localToday } from '../../../lib/port-time';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSaveIndexValues } from '../api/index-values';

type Row = { index_name: string; value: string; as_of: string };
type Values = { values: Row[] };

/** The schema's errors keyed by form path ("values.0.value"). */
function validate(form: Values): Record<string, string> {
  const result = indexValuesInput.safeParse(form);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/**
 * The index values to compare at, edited as a whole: those entered, plus a row for each index an
 * offer uses without one. A row removed is no longer a value.
 */
export function IndexValuesDialog({
  inquiryId,
  values,
  missing,
  onClose,
}: {
  inquiryId: string;
  values: IndexValueView[];
  missing: string[];
  onClose: () => void;
}) {
  const save = useSaveIndexValues(inquiryId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      values: [
        ...values.map((v) => ({ index_name: v.index_name, value: v.value, as_of: v.as_of })),
        ...missing.map((name) => ({ index_name: name, value: '', as_of: localToday() })),
      ],
    },
    validate,
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (typed) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(typed);
      notifySuccess(saved.detail);
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
      setFailure(errorDetail(err, 'The index values could not be saved. Please try again.'));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Index values" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The benchmark each index-linked offer is priced at: its effective price is the value plus the
            supplier&apos;s differential.
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {form.values.values.map((_, i) => (
            <SimpleGrid key={i} cols={{ base: 1, sm: 3 }} style={{ alignItems: 'end' }}>
              <TextInput label={`Index ${i + 1}`} {...form.getInputProps(`values.${i}.index_name`)} />
              <TextInput
                label={`Value (USD/MT) of index ${i + 1}`}
                inputMode="decimal"
                autoComplete="off"
                {...form.getInputProps(`values.${i}.value`)}
              />
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  type="date"
                  label={`As of (index ${i + 1})`}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`values.${i}.as_of`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove index ${i + 1}`}
                  onClick={() => form.removeListItem('values', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </SimpleGrid>
          ))}
          {form.errors.values && (
            <Text size="sm" c="red" role="alert">
              {form.errors.values}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                form.insertListItem('values', { index_name: '', value: '', as_of: localToday() })
              }
            >
              Add index
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save Index Values
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
