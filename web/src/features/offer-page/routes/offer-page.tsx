import { Alert, Button, Center, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  closedLinkResponse,
  formatPortLocal,
  PRODUCT_NAME,
  rankText,
  type PublicTrader,
} from '@mfd/contracts';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { usePublicOffer } from '../api/public-offer';
import { CLOSED_WORDS, INVALID_LINK } from '../components/closed-words';
import { DeclineToQuote } from '../components/decline-to-quote';
import { InquirySummary } from '../components/inquiry-summary';
import { PublicOfferForm } from '../components/public-offer-form';
import { traderLabel } from '../components/trader-label';

/**
 * A link that opens no inquiry, said once. A real link that no longer opens (410) names the trader
 * who sent it; an unknown one names nobody, so a guessed token learns nothing.
 */
function InvalidLink({ detail, trader }: { detail: string; trader: PublicTrader | null }) {
  const who = trader && traderLabel(trader);
  return (
    <Stack align="center" ta="center" py="xl">
      <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
        <IconLinkOff size={30} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {detail}
      </Title>
      <Text size="sm" c="dimmed">
        {who
          ? `For a new link or anything about this inquiry, contact ${who}, who sent it to you.`
          : 'Please use the link in the latest e-mail you received, or ask the trader who sent it for a new one.'}
      </Text>
    </Stack>
  );
}

/** What a failed load says: an unknown link, a real one closed for good (410), or a failure to retry. */
function refusal(error: unknown): { detail: string; trader: PublicTrader | null } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404 || error.status === 400) return { detail: INVALID_LINK, trader: null };
  const closed = error.status === 410 ? closedLinkResponse.safeParse(error.body) : null;
  return closed?.success ? { detail: closed.data.detail, trader: closed.data.trader } : null;
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
    const refused = refusal(page.error);
    return (
      <Container size="sm" px="sm" py="xl">
        {refused ? (
          <InvalidLink detail={refused.detail} trader={refused.trader} />
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
  const closedText = closedDetail ?? (data.state === 'open' ? null : CLOSED_WORDS[data.state]);
  const trader = traderLabel(data.inquiry.trader);

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
          <Alert color={data.state === 'awarded' ? 'teal' : 'gray'} role="status">
            <Text size="sm" fw={600}>
              {closedText}
            </Text>
            {trader && <Text size="sm">Questions about it? Contact {trader}, who sent it to you.</Text>}
          </Alert>
        )}
        {data.round && !closedText && (
          <Alert color="blue" role="status" title={`Round ${data.round.round}`}>
            <Text size="sm">
              Your offer is on the trader’s shortlist: please review it by{' '}
              {formatPortLocal(data.round.reply_by, zone)}.
            </Text>
            {data.round.rank && (
              <Text size="sm" fw={600}>
                On total landed cost your offer currently ranks {rankText(data.round.rank)}.
              </Text>
            )}
            {data.round.message && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {data.round.message}
              </Text>
            )}
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
          <>
            <PublicOfferForm token={token} page={data} onClosed={setClosedDetail} />
            <DeclineToQuote token={token} page={data} onClosed={setClosedDetail} />
          </>
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
