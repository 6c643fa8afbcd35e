import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EMAIL_VERIFIED_MESSAGE, INVALID_VERIFY_LINK } from '@mfd/contracts';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/auth-calls';

type State =
  { kind: 'checking' } | { kind: 'done' } | { kind: 'invalid' } | { kind: 'failed'; detail: string };

/** /verify-email?token=…: the link of the verification mail proves the mailbox, once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'invalid' });
  // The token works once: a second call (React's development double effect) would report it used.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verify
      .mutateAsync(token)
      .then(() => setState({ kind: 'done' }))
      .catch((err: unknown) =>
        setState(
          err instanceof ApiError && err.status === 400
            ? { kind: 'invalid' }
            : { kind: 'failed', detail: errorDetail(err, 'Verification failed') },
        ),
      );
  }, [token, verify]);

  const toApp = () => navigate('/', { replace: true });

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={460}>
        {state.kind === 'checking' && (
          <Stack align="center" ta="center">
            <Loader aria-label="Verifying your e-mail address" />
            <Title order={1} size="h2">
              Verifying your e-mail address
            </Title>
          </Stack>
        )}
        {state.kind === 'done' && (
          <Stack align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCircleCheck size={30} />
            </ThemeIcon>
            <Title order={1} size="h2">
              E-mail Address Verified
            </Title>
            <Text>{EMAIL_VERIFIED_MESSAGE}</Text>
            <Button onClick={toApp}>Continue</Button>
          </Stack>
        )}
        {(state.kind === 'invalid' || state.kind === 'failed') && (
          <Stack align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
              <IconLinkOff size={30} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {state.kind === 'invalid' ? 'Invalid Verification Link' : 'Verification Failed'}
            </Title>
            <Text role="alert">{state.kind === 'invalid' ? INVALID_VERIFY_LINK : state.detail}</Text>
            <Button onClick={toApp}>Back to Sign In</Button>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
