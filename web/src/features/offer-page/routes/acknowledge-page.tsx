import { Alert, Button, Container, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { stemLinkClosedResponse } from '@mfd/contracts';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useAcknowledgeStem } from '../api/public-offer';

const INVALID_ACK_LINK = 'This acknowledgement link is not valid.';

/** Why the link does not acknowledge: unknown (404) or closed for good (410, in the server's words); null to retry. */
function closedDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return INVALID_ACK_LINK;
  const closed = error.status === 410 ? stemLinkClosedResponse.safeParse(error.body) : null;
  return closed?.success ? closed.data.detail : null;
}

/**
 * /offer/{token}/acknowledge: the supplier acknowledges a stem confirmation it was mailed, with its
 * name, without an account. The link works once, for 30 days from the send; then it says why not.
 */
export function AcknowledgePage() {
  const { token = '' } = useParams();
  const acknowledge = useAcknowledgeStem(token);
  const [name, setName] = useState('');
  const closed = closedDetail(acknowledge.error);
  const nameError =
    acknowledge.error instanceof ApiError && acknowledge.error.status === 400
      ? (acknowledge.error.errors.find((e) => e.field === 'name')?.message ?? acknowledge.error.detail)
      : null;

  if (acknowledge.isSuccess)
    return (
      <Container size="sm" px="sm" py="xl">
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {acknowledge.data.detail}
          </Title>
          <Text>Stem {acknowledge.data.reference} is acknowledged. You can close this page.</Text>
        </Stack>
      </Container>
    );

  if (closed)
    return (
      <Container size="sm" px="sm" py="xl">
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
            <IconLinkOff size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {closed}
          </Title>
          <Text size="sm" c="dimmed">
            For anything about this stem, reply to the confirmation e-mail.
          </Text>
        </Stack>
      </Container>
    );

  return (
    <Container size="sm" px="sm" py="xl">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          acknowledge.mutate({ name });
        }}
      >
        <Stack>
          <Title order={1} size="h2">
            Acknowledge the stem confirmation
          </Title>
          <Text>
            The stem confirmation is attached to the e-mail that brought you here. Please check it, then
            acknowledge it with your name.
          </Text>
          <TextInput
            label="Your name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            autoComplete="name"
          />
          {acknowledge.isError && !nameError && (
            <Alert color="red" title="Not acknowledged">
              {errorDetail(acknowledge.error, 'Please try again in a moment.')}
            </Alert>
          )}
          <Button type="submit" loading={acknowledge.isPending}>
            Acknowledge
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
