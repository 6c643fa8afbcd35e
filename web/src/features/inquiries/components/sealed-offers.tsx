import { Alert, List, Skeleton, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { SealedOfferView } from '@mfd/contracts';
import { formatPortTime } from '../../../lib/port-time';
import { useOfferSeal } from '../api/offers';

/**
 * The Offers tab while the offers are sealed: how many suppliers answered and when the prices
 * open, and who offered when, never at what price (the server sends none).
 */
export function SealedOffers({
  inquiryId,
  offers,
  zone,
}: {
  inquiryId: string;
  offers: SealedOfferView[];
  zone: string;
}) {
  const seal = useOfferSeal(inquiryId, true);
  return (
    <Alert color="blue" icon={<IconLock size={18} />} title="Offers are sealed" role="status">
      {seal.isLoading ? (
        <Skeleton height={18} width={320} />
      ) : seal.data ? (
        <Text size="sm">
          {seal.data.answered_count} of {seal.data.invited_count} suppliers answered. Prices open{' '}
          {seal.data.opens_at
            ? `at ${formatPortTime(seal.data.opens_at, zone)} (port time)`
            : 'at the reply-by time'}
          , or as soon as every supplier has offered or declined; until then no offer can be awarded.
        </Text>
      ) : (
        <Text size="sm">Prices open at the reply-by time, or once every supplier has answered.</Text>
      )}
      {offers.length > 0 && (
        <List size="sm" mt="xs">
          {offers.map((o) => (
            <List.Item key={o.id}>
              {o.supplier.trading_name}: offered
              {o.submitted_at ? ` ${formatPortTime(o.submitted_at, zone)}` : ''}
              {o.revision > 1 ? ` (revision ${o.revision})` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
