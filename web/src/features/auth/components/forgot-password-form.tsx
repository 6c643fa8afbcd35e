import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { forgotPasswordRequest } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { useForgotPassword } from '../api/auth-calls';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: zod4Resolver(forgotPasswordRequest) });

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    setMessage(null);
    try {
      setMessage((await forgot.mutateAsync(email)).message);
    } catch (err) {
      setError(errorDetail(err, 'Failed to send reset email'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>Reset Password</Title>
        <Text c="dimmed" size="sm">
          Enter the e-mail of your account and we will send you a link to choose a new password.
        </Text>
        {message && (
          <Alert color="teal" role="status">
            {message}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending reset link...' : 'Send reset link'}
        </Button>
        <Anchor component="button" type="button" ta="center" onClick={onBack}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
