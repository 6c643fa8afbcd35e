import {
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { CURRENT_PASSWORD_REQUIRED } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
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

const CURRENT_PASSWORD = 'current_password';

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
  /** When the edit calls for the current password (a new sign-in e-mail): the form asks for it and sends it. */
  needsCurrentPassword?: (values: Values) => boolean;
}) {
  const [editing, setEditing] = useState(false);
  const save = useSaveProfileSection(props.section);
  const initialValues = () => ({
    ...toFormValues(props.fields, props.saved),
    ...(props.needsCurrentPassword && { [CURRENT_PASSWORD]: '' }),
  });
  const form = useForm<Values>({ initialValues: initialValues(), validate: zod4Resolver(props.schema) });
  const asksPassword = editing && (props.needsCurrentPassword?.(form.values) ?? false);
  useUnsavedChanges(editing && form.isDirty());

  const startEditing = () => {
    form.setValues(initialValues());
    form.resetDirty();
    setEditing(true);
  };

  const submit = form.onSubmit(async ({ [CURRENT_PASSWORD]: currentPassword, ...values }) => {
    if (asksPassword && !currentPassword) {
      form.setFieldError(CURRENT_PASSWORD, CURRENT_PASSWORD_REQUIRED);
      return;
    }
    try {
      await save.mutateAsync(asksPassword ? { ...values, [CURRENT_PASSWORD]: currentPassword } : values);
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
                  <Textarea
                    key={f.name}
                    label={f.label}
                    autosize
                    minRows={2}
                    {...form.getInputProps(f.name)}
                  />
                ) : (
                  <TextInput
                    key={f.name}
                    label={f.label}
                    type={f.type ?? 'text'}
                    required={f.required}
                    {...form.getInputProps(f.name)}
                  />
                ),
              )}
            </SimpleGrid>
            {asksPassword && (
              <PasswordInput
                label="Current Password"
                description="You are changing the email you sign in with: confirm it is you. We will tell your old address."
                autoComplete="current-password"
                required
                {...form.getInputProps(CURRENT_PASSWORD)}
              />
            )}
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
