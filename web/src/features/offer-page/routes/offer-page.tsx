import { Alert, Button, Center, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatPortLocal, PRODUCT_NAME } from '@mfd/contracts';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { usePublicOffer } from '../api/public-offer';
import { CLOSED_WORDS, INVALID_LINK } from '../components/closed-words';
import { InquirySummary } from '../components/inquiry-summary';
import { PublicOfferForm } from '../components/public-offer-form';

function InvalidLink() {
  return (
    <Stack align="center" ta="center" py="xl">
      <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
        <IconLinkOff size={30} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Offer link not valid
      </Title>
      <Text>{INVALID_LINK}</Text>
      <Text size="sm" c="dimmed">
        Please use the link in the latest e-mail you received, or ask the trader to send it again.
      </Text>
    </Stack>
  );
}

/**
 * /offer/{token}: a supplier's personal page, without an account. It shows the inquiry and takes an
 * offer (and its revisions) while the link is open; once closed it says why, in words.
 */
export function OfferPage() {
  const { token = '' } = useParams();
  const page = usePublicOffer(token);
  // A submit answered 410: the link closed while the form was open.
  const [closedDetail, setClosedDetail] = useState<string | null>(null);

  if (page.isLoading)
    return (
      <Center mih="60vh">
        <Loader aria-label="Loading the offer request" />
      </Center>
    );

  if (page.isError || !page.data) {
    const invalid =
      page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 400);
    return (
      <Container size="sm" px="sm" py="xl">
        {invalid ? (
          <InvalidLink />
        ) : (
          <Stack align="center" ta="center">
            <Title order={1} size="h2">
              Unable to load this offer request
            </Title>
            <Text>{errorDetail(page.error, 'Please try again in a moment.')}</Text>
            <Button onClick={() => void page.refetch()}>Try Again</Button>
          </Stack>
        )}
      </Container>
    );
  }

  const data = page.data;
  const zone = data.inquiry.port_timezone;
  const closedState = data.state === 'open' ? null : CLOSED_WORDS[data.state];
  const closedText = closedDetail ?? closedState?.text ?? null;

  return (
    <Container size="md" px={{ base: 'xs', sm: 'md' }} py="md">
      <Stack>
        <div>
          <Text size="sm" c="dimmed">
            {PRODUCT_NAME} · offer request
          </Text>
          <Title order={1} size="h2">
            {data.inquiry.vessel_name}
            {data.inquiry.port_name ? ` at ${data.inquiry.port_name}` : ''}
          </Title>
        </div>
        {closedText && (
          <Alert
            color={data.state === 'awarded' ? 'teal' : 'gray'}
            title={closedState?.title ?? 'Offer link closed'}
            role="status"
          >
            {closedText}
          </Alert>
        )}
        {data.inquiry.amended_at && !closedText && (
          <Alert color="yellow" role="status">
            This inquiry was amended on {formatPortLocal(data.inquiry.amended_at, zone)}; please review your
            offer.
          </Alert>
        )}
        <InquirySummary page={data} />
        {!closedText ? (
          <PublicOfferForm token={token} page={data} onClosed={setClosedDetail} />
        ) : (
          data.offer && (
            <Text size="sm" c="dimmed">
              Your last offer: revision {data.offer.revision}, submitted{' '}
              {formatPortLocal(data.offer.submitted_at, zone)}.
            </Text>
          )
        )}
      </Stack>
    </Container>
  );
}
