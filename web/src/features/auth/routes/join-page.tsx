import {
  Alert,
  Button,
  Center,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLinkOff } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { INVITATION_GONE, INVITATION_UNKNOWN, joinForm, PRODUCT_NAME, ROLE_LABELS } from '@mfd/contracts';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAcceptInvitation, usePublicInvitation } from '../../../lib/team';
import { NameFields, NewPasswordFields, PhoneField } from '../components/account-fields';

type JoinValues = {
  first_name: string;
  last_name: string;
  phone: string;
  password: string;
  confirmPassword: string;
};

function ClosedLink({ detail }: { detail: string }) {
  const navigate = useNavigate();
  return (
    <Stack align="center" ta="center">
      <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
        <IconLinkOff size={30} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Invitation Not Valid
      </Title>
      <Text>{detail}</Text>
      <Text size="sm">Ask your administrator to send you a new invitation.</Text>
      <Button variant="default" onClick={() => navigate('/', { replace: true })}>
        Back to Sign In
      </Button>
    </Stack>
  );
}

/**
 * /join?token=…: the invitation link. It says which company invites whom with which role, and
 * the colleague makes their account with sign-up's fields and rules (the e-mail is the one the
 * link was sent to), then lands in the app signed in.
 */
export function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const invitation = usePublicInvitation(token);
  const accept = useAcceptInvitation(token);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<JoinValues>({
    initialValues: { first_name: '', last_name: '', phone: '', password: '', confirmPassword: '' },
    validate: zod4Resolver(joinForm),
  });

  const submit = form.onSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setError(null);
    try {
      await signIn(await accept.mutateAsync(values));
      navigate('/', { replace: true });
    } catch (err) {
      applyServerErrors(form, err);
      setError(errorDetail(err, 'Registration failed'));
    }
  });

  const closed = !token
    ? INVITATION_UNKNOWN
    : invitation.error instanceof ApiError && [404, 410].includes(invitation.error.status)
      ? invitation.error.detail || INVITATION_GONE
      : null;

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={560}>
        {closed && <ClosedLink detail={closed} />}
        {!closed && invitation.isLoading && (
          <Stack align="center">
            <Loader aria-label="Reading your invitation" />
          </Stack>
        )}
        {!closed && invitation.isError && (
          <Alert color="red" role="alert">
            {errorDetail(invitation.error, 'Your invitation could not be read. Please try again.')}
          </Alert>
        )}
        {invitation.data && (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h2">
                Join {invitation.data.company_name}
              </Title>
              <Text>
                {invitation.data.inviter_name} invites you to {PRODUCT_NAME} as{' '}
                {ROLE_LABELS[invitation.data.role]}.
              </Text>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <TextInput label="Email" type="email" value={invitation.data.email} readOnly />
              <NameFields form={form} />
              <PhoneField form={form} />
              <NewPasswordFields form={form} />
              <Button type="submit" disabled={accept.isPending}>
                {accept.isPending ? 'Creating account...' : `Join ${invitation.data.company_name}`}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
