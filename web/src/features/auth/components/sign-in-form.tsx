import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { loginRequest, type LoginRequest } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useLogin } from '../api/auth-calls';

export function SignInForm({
  onForgot,
  onSignUp,
  onBack,
}: {
  onForgot: () => void;
  onSignUp: () => void;
  onBack: () => void;
}) {
  const { signIn } = useAuth();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(loginRequest),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await signIn(await login.mutateAsync(values));
    } catch (err) {
      setError(errorDetail(err, 'Login failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>Sign In</Title>
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
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
        <Text size="sm" ta="center">
          Don’t have an account?{' '}
          <Anchor component="button" type="button" onClick={onSignUp}>
            Sign up
          </Anchor>
        </Text>
        <Button variant="subtle" onClick={onBack}>
          Back to Options
        </Button>
      </Stack>
    </form>
  );
}
