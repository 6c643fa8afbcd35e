import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { declineReasonsText, type SupplierScorecard } from '@mfd/contracts';
import { formatDuration } from '../../../lib/durations';

export type Key = keyof SupplierScorecard;

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The decline rate with, beneath it, the declines by reason ("No availability 2, Other 1"). */
function declines(s: SupplierScorecard): ReactNode {
  if (s.decline_reasons.length === 0) return percent(s.decline_rate);
  return (
    <>
      {percent(s.decline_rate)}
      <Text size="xs">{declineReasonsText(s.decline_reasons)}</Text>
    </>
  );
}

/** A scorecard's figures as the table's columns and the supplier page's card show them. */
export const SCORECARD_FIGURES: { key: Key; label: string; show: (s: SupplierScorecard) => ReactNode }[] = [
  { key: 'trading_name', label: 'Supplier', show: (s) => s.trading_name },
  { key: 'inquiries_received', label: 'Inquiries received', show: (s) => String(s.inquiries_received) },
  { key: 'response_rate', label: 'Response rate', show: (s) => percent(s.response_rate) },
  { key: 'decline_rate', label: 'Decline rate', show: declines },
  {
    key: 'median_response_seconds',
    label: 'Median response',
    show: (s) => (s.median_response_seconds === null ? '—' : formatDuration(s.median_response_seconds)),
  },
  { key: 'win_rate', label: 'Win rate', show: (s) => percent(s.win_rate) },
  {
    key: 'avg_diff_to_best_pct',
    label: 'Above best (avg)',
    show: (s) => (s.avg_diff_to_best_pct === null ? '—' : `${s.avg_diff_to_best_pct}%`),
  },
  { key: 'stems_delivered', label: 'Stems delivered', show: (s) => String(s.stems_delivered) },
  { key: 'claims_quantity', label: 'Quantity claims', show: (s) => String(s.claims_quantity) },
  { key: 'claims_quality', label: 'Quality claims', show: (s) => String(s.claims_quality) },
  { key: 'invoices_flagged', label: 'Invoices flagged', show: (s) => String(s.invoices_flagged) },
];
