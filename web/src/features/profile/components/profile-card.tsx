import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveProfileSection, type ProfileSection } from '../api/profile-calls';

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'email' | 'tel' | 'url' | 'textarea';
  required?: boolean;
}

type Values = Record<string, string>;

function toFormValues(fields: FieldSpec[], saved: Record<string, string | null>): Values {
  return Object.fromEntries(fields.map((f) => [f.name, saved[f.name] ?? '']));
}

/**
 * One profile card (spec §2): the saved values, and on Edit a form validated with the
 * section's zod schema, saved with the spec's success and error messages.
 */
export function ProfileCard(props: {
  title: string;
  section: ProfileSection;
  fields: FieldSpec[];
  schema: z.ZodType;
  saved: Record<string, string | null>;
  messages: { success: string; error: string };
  preview?: (values: Values) => ReactNode;
  onSaved?: () => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const save = useSaveProfileSection(props.section);
  const form = useForm<Values>({ initialValues: toFormValues(props.fields, props.saved), validate: zod4Resolver(props.schema) });

  const startEditing = () => {
    form.setValues(toFormValues(props.fields, props.saved));
    form.resetDirty();
    setEditing(true);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess(props.messages.success);
      setEditing(false);
      await props.onSaved?.();
    } catch (err) {
      applyServerErrors(form, err);
      notifyError(`${props.messages.error}: ${errorDetail(err, 'Please try again.')}`);
    }
  });

  const shown = editing ? form.values : toFormValues(props.fields, props.saved);
  return (
    <Card withBorder padding="lg" component="section" aria-label={props.title}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        {editing ? (
          <Button variant="default" size="xs" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        ) : (
          <Button variant="light" size="xs" onClick={startEditing} aria-label={`Edit ${props.title}`}>
            Edit
          </Button>
        )}
      </Group>
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {props.fields.map((f) =>
                f.type === 'textarea' ? (
                  <Textarea key={f.name} label={f.label} autosize minRows={2} {...form.getInputProps(f.name)} />
                ) : (
                  <TextInput key={f.name} label={f.label} type={f.type ?? 'text'} required={f.required} {...form.getInputProps(f.name)} />
                ),
              )}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Updating...' : 'Save'}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {props.fields.map((f) => (
            <div key={f.name}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {f.label}
              </Text>
              <Text size="sm">{shown[f.name] || '—'}</Text>
            </div>
          ))}
        </SimpleGrid>
      )}
      {props.preview && <div>{props.preview(shown)}</div>}
    </Card>
  );
}
