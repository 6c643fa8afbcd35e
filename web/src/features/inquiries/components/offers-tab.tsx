import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsSplit, IconPlus, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ACTIVE_INQUIRY_STATUSES,
  type InquiryDetail,
  type OfferView,
  type SealedOfferView,
} from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { errorDetail } from '../../../lib/api-client';
import { useLastDone } from '../../../lib/api/last-done';
import { useScorecardsBySupplier } from '../../../lib/api/scorecards';
import { useOfferSeal, useOffers } from '../api/offers';
import { AwardDialog } from './award-dialog';
import { IndexValuesCard } from './index-values-card';
import { OfferCompare } from './offer-compare';
import { OffersExport } from './offers-export';
import { OfferHistoryDialog } from './offer-history-dialog';
import { RecordOfferDialog } from './record-offer-dialog';
import { SealedOffers } from './sealed-offers';
import { SplitAwardPanel } from './split-award-panel';
import { StartRoundDialog } from './start-round-dialog';

/** Spec §2 "Offers (n)": the offers compared, award with confirmation, history, and offers recorded by hand. */
export function OffersTab({ inquiry }: { inquiry: InquiryDetail }) {
  const open = (ACTIVE_INQUIRY_STATUSES as readonly string[]).includes(inquiry.status);
  const offers = useOffers(inquiry.id, open);
  // Beside each line; the comparison shows without it while it loads or if it fails.
  const lastDone = useLastDone(inquiry.id);
  const scorecards = useScorecardsBySupplier();
  const [recording, setRecording] = useState(false);
  const [awarding, setAwarding] = useState<OfferView | null>(null);
  const [history, setHistory] = useState<OfferView | null>(null);
  const [splitting, setSplitting] = useState(false);
  const [rounding, setRounding] = useState(false);
  // Offers as the trader saw them when their award was refused as stale (revised meanwhile).
  const [seen, setSeen] = useState<ReadonlyMap<string, OfferView>>(new Map());
  const zone = inquiry.port_details?.timezone ?? 'UTC';

  const all = offers.data ?? [];
  const sealed = all.filter((o): o is SealedOfferView => o.sealed);
  const list = all.filter((o): o is OfferView => !o.sealed);
  // With no offer in yet the list cannot tell a sealed inquiry apart: ask, so the tab still says when prices open.
  const seal = useOfferSeal(inquiry.id, offers.isSuccess && all.length === 0);
  const remember = (stale: OfferView[]) => {
    setSeen((before) => new Map([...before, ...stale.map((o) => [o.id, o] as const)]));
    void offers.refetch();
  };
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Prices in USD per tonne; landed costs count each line at its requested max with every charge.
            Times at the port ({zone}).
          </Text>
          <Group gap="xs">
            {list.length > 0 && <OffersExport inquiryId={inquiry.id} />}
            {open && list.some((o) => o.status === 'submitted' && o.source === 'link') && (
              <Button
                variant="light"
                leftSection={<IconRepeat size={16} />}
                onClick={() => setRounding(true)}
              >
                Start Round
              </Button>
            )}
            {open && list.some((o) => o.status === 'submitted') && !splitting && (
              <Button
                variant="light"
                leftSection={<IconArrowsSplit size={16} />}
                onClick={() => setSplitting(true)}
              >
                Split Award
              </Button>
            )}
            {open && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setRecording(true)}>
                Record Offer
              </Button>
            )}
          </Group>
        </Group>
        {offers.isLoading ? (
          <Skeleton height={240} />
        ) : offers.isError ? (
          <Alert color="red" role="alert">
            Unable to load offers: {errorDetail(offers.error, 'please try again in a moment.')}
          </Alert>
        ) : sealed.length > 0 || seal.data?.sealed ? (
          <SealedOffers inquiryId={inquiry.id} offers={sealed} zone={zone} />
        ) : list.length === 0 ? (
          <EmptyState
            title="No offers yet"
            description="Offers appear here by themselves once the suppliers answer the inquiry."
          />
        ) : (
          <>
            <IndexValuesCard inquiryId={inquiry.id} offers={list} editable={open} />
            {open && splitting && (
              <SplitAwardPanel
                inquiry={inquiry}
                offers={list}
                onClose={() => setSplitting(false)}
                onConflict={remember}
              />
            )}
            <OfferCompare
              inquiry={inquiry}
              offers={list}
              seen={seen}
              canAward={open}
              onAward={setAwarding}
              onHistory={setHistory}
              lastDone={lastDone.data ?? new Map()}
              scorecards={scorecards.data ?? new Map()}
            />
          </>
        )}
      </Stack>
      {rounding && (
        <StartRoundDialog
          inquiryId={inquiry.id}
          offers={list.filter((o) => o.status === 'submitted' && !o.expired && o.source === 'link')}
          zone={zone}
          onClose={() => setRounding(false)}
        />
      )}
      {recording && <RecordOfferDialog inquiry={inquiry} onClose={() => setRecording(false)} />}
      {awarding && (
        <AwardDialog
          offer={awarding}
          onClose={() => setAwarding(null)}
          onConflict={(stale) => remember([stale])}
        />
      )}
      {history && (
        <OfferHistoryDialog
          offerId={history.id}
          supplierName={history.supplier.trading_name}
          zone={zone}
          onClose={() => setHistory(null)}
        />
      )}
    </Card>
  );
}
