import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { formatPortAndUtc, type PublicOfferPage } from '@mfd/contracts';
import { OfferFormFields } from '../../../components/offer-form-fields';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import {
  offerFormField,
  offerFormValues,
  toOfferRequest,
  validateOfferValues,
  type OfferFormValues,
} from '../../../lib/offer-form-values';
import { useSubmitOffer } from '../api/public-offer';

/**
 * The supplier's offer: a first submit or a revision of the last one (prefilled from it). A 410
 * means the link closed meanwhile; the page then says why, in the server's words.
 */
export function PublicOfferForm({
  token,
  page,
  onClosed,
}: {
  token: string;
  page: PublicOfferPage;
  onClosed: (detail: string) => void;
}) {
  const zone = page.inquiry.port_timezone ?? 'UTC';
  const submitOffer = useSubmitOffer(token);
  const [done, setDone] = useState<{ detail: string; revision: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<OfferFormValues>({
    initialValues: offerFormValues(page.inquiry.products, zone, page.offer),
    validate: (values) => validateOfferValues(values, zone),
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setDone(null);
    // Which form lines the request carries, so the server's "lines.0" finds its line.
    const { body, sentLines } = toOfferRequest(values, zone);
    try {
      const saved = await submitOffer.mutateAsync(body);
      // What was sent is now the offer: leaving the page loses nothing.
      form.resetDirty();
      setDone({ detail: saved.detail, revision: saved.revision });
    } catch (err) {
      if (err instanceof ApiError && err.status === 410) {
        onClosed(err.detail);
        return;
      }
      applyServerErrors(form, err, (field) => offerFormField(field, sentLines));
      setFailure(errorDetail(err, 'Your offer could not be sent. Please try again.'));
    }
  });

  const revised = page.offer !== null || done !== null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Your offer
          </Title>
          {page.offer && (
            <Text size="sm">
              Revision {page.offer.revision}, submitted {formatPortAndUtc(page.offer.submitted_at, zone)}. You
              can update it until the reply-by time or its validity ends.
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Prices in USD per metric tonne. Times are the port’s local time ({zone}).
          </Text>
          <OfferFormFields form={form} requested={page.inquiry.products} zone={zone} />
          {failure && (
            <Alert color="red" role="alert" title="Not sent">
              {failure}
            </Alert>
          )}
          {done && (
            <Alert
              color="teal"
              role="status"
              title={done.revision === 1 ? 'Offer submitted' : 'Offer updated'}
            >
              {done.detail} Revision {done.revision} is with the trader; you can still update it here.
            </Alert>
          )}
          <Button type="submit" size="md" loading={submitOffer.isPending}>
            {revised ? 'Update Offer' : 'Submit Offer'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
