/** What a claim against a delivery is about; each kind has its own time bar (libs/stems time-bars). */
export const CLAIM_KINDS = ['quantity', 'quality', 'demurrage', 'other'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  quantity: 'Quantity',
  quality: 'Quality',
  demurrage: 'Demurrage',
  other: 'Other',
};

/**
 * open -> submitted -> settled | rejected; an open claim whose time bar passes (or one raised after
 * it) is time_barred.
 */
export const CLAIM_STATUSES = ['open', 'submitted', 'settled', 'rejected', 'time_barred'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: 'Open',
  submitted: 'Submitted',
  settled: 'Settled',
  rejected: 'Rejected',
  time_barred: 'Time-barred',
};

/** What a delivery note shows that differs from the stem. */
export const VARIANCE_KINDS = ['quantity_outside_range', 'sulphur_above_limit', 'density_missing'] as const;
export type VarianceKind = (typeof VARIANCE_KINDS)[number];
