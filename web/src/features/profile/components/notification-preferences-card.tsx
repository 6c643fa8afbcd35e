import { Alert, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { EMAIL_PREFERENCE_LABELS, EMAIL_PREFERENCES, type EmailPreference } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

/**
 * Which notifications also come by e-mail, one switch per kind, each saved as it is flipped. In
 * the app (the bell) every notification always shows.
 */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const flip = (key: EmailPreference, on: boolean) =>
    save.mutate(
      { email: { [key]: on } },
      {
        onSuccess: (saved) => notifySuccess(saved.detail),
        onError: (err) =>
          notifyError(`Error saving notification preferences: ${errorDetail(err, 'Unknown error')}`),
      },
    );
  return (
    <Card withBorder padding="lg" component="section" aria-label="Notifications">
      <Title order={2} size="h4" mb={4}>
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The bell shows every notification. Choose which of them also come to you by e-mail (the first at once,
        then at most one digest every 15 minutes).
      </Text>
      {preferences.isLoading && <Skeleton height={120} />}
      {preferences.isError && <Alert color="red">Unable to load notification preferences</Alert>}
      {preferences.data && (
        <Stack gap="sm" role="group" aria-label="E-mail me about">
          {EMAIL_PREFERENCES.map((key) => (
            <Switch
              key={key}
              label={`E-mail: ${EMAIL_PREFERENCE_LABELS[key]}`}
              checked={preferences.data.email[key]}
              disabled={save.isPending}
              onChange={(event) => flip(key, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
