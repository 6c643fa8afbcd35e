import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { StemView } from '@mfd/contracts';
import { ClaimsCard, type ClaimDraft } from './claims-card';
import { DeliveryCard } from './delivery-card';
import { DeliveryForm } from './delivery-form';
import { InvoiceCard } from './invoice-card';

/**
 * What a stem's page shows after the confirmation: the delivery form once it is sent, then the
 * delivery with its variances and documents, the invoice check and closing, and the claims.
 */
export function StemLifeSections({ stem }: { stem: StemView }) {
  const [draft, setDraft] = useState<ClaimDraft | null>(null);
  const awaitingDelivery = (stem.status === 'sent' || stem.status === 'acknowledged') && !stem.delivery;
  return (
    <Stack>
      {awaitingDelivery && <DeliveryForm stem={stem} />}
      <DeliveryCard stem={stem} onSuggestClaim={(kind, description) => setDraft({ kind, description })} />
      <InvoiceCard stem={stem} />
      <ClaimsCard stem={stem} draft={draft} />
    </Stack>
  );
}
