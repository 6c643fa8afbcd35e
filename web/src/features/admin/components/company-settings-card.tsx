import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { companySettingsUpdate, SELLING_TERMS, type CompanySettings } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCompanySettings, useSaveCompanySettings } from '../../../lib/team';

function SettingsForm({ saved }: { saved: CompanySettings }) {
  const save = useSaveCompanySettings();
  const form = useForm<CompanySettings>({
    initialValues: saved,
    validate: zod4Resolver(companySettingsUpdate),
  });
  useUnsavedChanges(form.isDirty());
  useEffect(() => {
    form.setInitialValues(saved);
    // Only a new answer from the server resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const submit = form.onSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      form.resetDirty();
      notifySuccess('Company settings saved.');
    } catch (err) {
      applyServerErrors(form, err);
      notifyError(errorDetail(err, 'Error saving company settings'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Reference prefix"
            description="2 to 6 capital letters or digits, the start of every stem's reference"
            {...form.getInputProps('reference_prefix')}
          />
          <NumberInput
            label="Default reply-by (hours)"
            description="How long suppliers have to answer, unless the inquiry says otherwise"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('default_reply_by_hours')}
          />
          <Select
            label="Default selling terms"
            description="The terms a new customer starts with"
            data={[...SELLING_TERMS]}
            allowDeselect={false}
            {...form.getInputProps('default_selling_terms')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending || !form.isDirty()}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The company settings: admins edit them here. */
export function CompanySettingsCard() {
  const settings = useCompanySettings();
  return (
    <Stack>
      <Title order={3} size="h4">
        Company settings
      </Title>
      {settings.isLoading && <Skeleton height={80} />}
      {settings.isError && <Text c="red">Unable to load the company settings. Please refresh.</Text>}
      {settings.data && <SettingsForm saved={settings.data} />}
    </Stack>
  );
}
