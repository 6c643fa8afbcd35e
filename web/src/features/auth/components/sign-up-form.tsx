import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { DEFAULT_ROLE, PRODUCT_NAME, ROLE_LABELS, ROLES, signupForm, type Role } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSignup } from '../api/auth-calls';
import { NameFields, NewPasswordFields, PhoneField } from './account-fields';

type SignUpValues = {
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  phone: string;
  role: Role;
  password: string;
  confirmPassword: string;
};

export function SignUpForm({ onSignIn, onBack }: { onSignIn: () => void; onBack: () => void }) {
  const { signIn } = useAuth();
  const signup = useSignup();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    initialValues: {
      first_name: '',
      last_name: '',
      company_name: '',
      email: '',
      phone: '',
      role: DEFAULT_ROLE,
      password: '',
      confirmPassword: '',
    },
    validate: zod4Resolver(signupForm),
  });

  const submit = form.onSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setError(null);
    try {
      await signIn(await signup.mutateAsync(values));
    } catch (err) {
      applyServerErrors(form, err);
      setError(errorDetail(err, 'Registration failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>Create Account</Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <NameFields form={form} />
        <TextInput
          label="Company Name"
          description="Optional: your trading company, as suppliers see it. Empty: your own name until your profile names the company."
          autoComplete="organization"
          {...form.getInputProps('company_name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PhoneField form={form} />
        <Select
          label="Role"
          data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          allowDeselect={false}
          {...form.getInputProps('role')}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" disabled={signup.isPending}>
          {signup.isPending ? 'Creating account...' : `Join ${PRODUCT_NAME}`}
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component="button" type="button" onClick={onSignIn}>
            Sign in
          </Anchor>
        </Text>
        <Group justify="center">
          <Button variant="subtle" onClick={onBack}>
            Back to Options
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
