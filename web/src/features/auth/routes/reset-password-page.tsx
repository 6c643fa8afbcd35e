import {
  Alert,
  Button,
  Center,
  Grid,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { INVALID_RESET_LINK, LIMITS, resetPasswordForm } from '@mfd/contracts';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useResetPassword } from '../api/auth-calls';

type State = 'form' | 'invalid' | 'done';

function InvalidLink({ onBack }: { onBack: () => void }) {
  return (
    <Stack align="center" ta="center">
      <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
        <IconLinkOff size={30} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Invalid Reset Link
      </Title>
      <Text c="dimmed">{INVALID_RESET_LINK}</Text>
      <Button onClick={onBack}>Back to Sign In</Button>
    </Stack>
  );
}

/** /reset-password?token=… (spec §2, §4): the form, the invalid-link state, success and redirect. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [state, setState] = useState<State>(token ? 'form' : 'invalid');
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { new_password: '', confirm_password: '' },
    validate: zod4Resolver(resetPasswordForm),
  });
  const toSignIn = () => navigate('/', { replace: true, state: { authMode: 'login' } });

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(toSignIn, LIMITS.resetRedirectMs);
    return () => clearTimeout(timer);
  });

  const submit = form.onSubmit(async ({ new_password }) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, new_password });
      setState('done');
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 400 &&
        !err.errors.some((e) => e.field === 'new_password')
      )
        setState('invalid');
      else setError(errorDetail(err, 'Password reset failed'));
    }
  });

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={state === 'form' ? 760 : 460}>
        {state === 'invalid' && <InvalidLink onBack={toSignIn} />}
        {state === 'done' && (
          <Stack align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCircleCheck size={30} />
            </ThemeIcon>
            <Title order={1} size="h2">
              Password Reset Successful
            </Title>
            <Text c="dimmed">Your password has been changed. Taking you to sign in…</Text>
            <Button onClick={toSignIn}>Sign In Now</Button>
          </Stack>
        )}
        {state === 'form' && (
          <Grid gutter="xl">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <form onSubmit={submit} noValidate>
                <Stack>
                  <Title order={1} size="h2">
                    Choose a new password
                  </Title>
                  {error && (
                    <Alert color="red" role="alert">
                      {error}
                    </Alert>
                  )}
                  <PasswordInput
                    label="New Password"
                    autoComplete="new-password"
                    required
                    {...form.getInputProps('new_password')}
                  />
                  <PasswordInput
                    label="Confirm New Password"
                    autoComplete="new-password"
                    required
                    {...form.getInputProps('confirm_password')}
                  />
                  <Button type="submit" disabled={reset.isPending}>
                    {reset.isPending ? 'Updating...' : 'Reset Password'}
                  </Button>
                </Stack>
              </form>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Paper bg="ocean.0" p="md" radius="md" aria-label="Password requirements">
                <Text fw={600} mb="xs">
                  Password requirements
                </Text>
                <List size="sm" spacing={4}>
                  <List.Item>At least {LIMITS.passwordMinLength} characters</List.Item>
                  <List.Item>A unique password you do not use elsewhere</List.Item>
                  <List.Item>A mix of letters and numbers</List.Item>
                </List>
              </Paper>
            </Grid.Col>
          </Grid>
        )}
      </Paper>
    </Center>
  );
}
