import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { InquiryDetail } from '@mfd/contracts';
import type { ReplyPrice } from '@mfd/pricing';
import { OfferFormFields } from '../../../components/offer-form-fields';
import { errorDetail } from '../../../lib/api-client';
import { useSuppliers } from '../../../lib/api/suppliers';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import {
  offerFormField,
  offerFormValues,
  toOfferRequest,
  validateOfferValues,
  type OfferFormValues,
} from '../../../lib/offer-form-values';
import { useRecordOffer } from '../api/offers';

/** A start for the form from a supplier's reply: its supplier, and the prices a parser read in it. */
export interface OfferPrefill {
  supplierId: string;
  supplierName: string;
  prices: ReplyPrice[];
}

/** The form's start with a reply's prices put in (a grade said to be unavailable stays unpriced: not offered). */
function prefilledValues(inquiry: InquiryDetail, zone: string, prefill: OfferPrefill | undefined) {
  const values = offerFormValues(inquiry.products, zone);
  const prices = new Map(
    (prefill?.prices ?? []).flatMap((p) => ('price_per_mt' in p ? [[p.line_id, p.price_per_mt]] : [])),
  );
  return {
    ...values,
    lines: values.lines.map((line) => ({ ...line, price_per_mt: prices.get(line.product_line_id) ?? '' })),
  };
}

/** "VLSFO 598, MGO not available": what was read from the reply, in the inquiry's line order. */
function prefillSummary(inquiry: InquiryDetail, prefill: OfferPrefill): string {
  const byLine = new Map(prefill.prices.map((p) => [p.line_id, p]));
  return inquiry.products
    .flatMap((line) => {
      const read = byLine.get(line.id);
      if (!read) return [];
      return [`${line.product_name} ${'price_per_mt' in read ? read.price_per_mt : 'not available'}`];
    })
    .join(', ');
}

/**
 * An offer that came by phone or e-mail, entered by the trader with the fields a supplier's link
 * has, for a supplier of the directory; it is compared and awarded like any other.
 */
export function RecordOfferDialog({
  inquiry,
  onClose,
  prefill,
}: {
  inquiry: InquiryDetail;
  onClose: () => void;
  /** Started from a supplier's reply ("Record as offer" on the Messages tab). */
  prefill?: OfferPrefill;
}) {
  const zone = inquiry.port_details?.timezone ?? 'UTC';
  const phone = useMediaQuery('(max-width: 36em)');
  const suppliers = useSuppliers();
  const record = useRecordOffer(inquiry.id);
  const [supplierId, setSupplierId] = useState<string | null>(prefill?.supplierId ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<OfferFormValues>({
    initialValues: prefilledValues(inquiry, zone, prefill),
    validate: (values) => ({
      ...validateOfferValues(values, zone),
      ...(supplierId ? {} : { supplier_id: 'Supplier is required' }),
    }),
  });
  useUnsavedChanges(supplierId !== (prefill?.supplierId ?? null) || form.isDirty());
  const summary = prefill ? prefillSummary(inquiry, prefill) : '';

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    if (!supplierId) return;
    // Which form lines the request carries, so the server's "lines.0" finds its line.
    const { body, sentLines } = toOfferRequest(values, zone);
    try {
      const saved = await record.mutateAsync({ ...body, supplier_id: supplierId });
      notifySuccess(saved.detail || 'Offer recorded successfully!');
      onClose();
    } catch (err) {
      applyServerErrors(form, err, (field) => offerFormField(field, sentLines));
      const detail = errorDetail(err, 'Please try again.');
      setFailure(detail);
      notifyError(`Error recording offer: ${detail}`);
    }
  });

  const options = (suppliers.data ?? [])
    .filter((s) => s.status === 'active')
    .map((s) => ({ value: s.id, label: `${s.trading_name} (${s.default_email})` }));

  return (
    <Modal opened onClose={onClose} title="Record Offer" size="xl" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            An offer received by phone or e-mail. Prices in USD per tonne; times in the port’s time ({zone}).
          </Text>
          {prefill && (
            <Alert color="blue">
              {summary
                ? `Filled in from the reply of ${prefill.supplierName}: ${summary}. Check each figure before recording.`
                : `No prices could be read from the reply of ${prefill.supplierName}: enter them from the message.`}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Select
            label="Supplier"
            placeholder={suppliers.isLoading ? 'Loading suppliers…' : 'Type to search'}
            data={options}
            searchable
            required
            nothingFoundMessage="No supplier found"
            value={supplierId}
            onChange={(v) => {
              setSupplierId(v);
              form.clearFieldError('supplier_id');
            }}
            error={form.errors.supplier_id}
          />
          <OfferFormFields form={form} requested={inquiry.products} zone={zone} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record Offer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
