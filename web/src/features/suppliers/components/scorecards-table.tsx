import { Alert, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { declineReasonsText, type SupplierScorecard } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { formatDuration } from '../../../lib/durations';
import { useScorecards } from '../../../lib/api/scorecards';

type Key = keyof SupplierScorecard;

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

const COLUMNS: { key: Key; label: string; show: (s: SupplierScorecard) => ReactNode }[] = [
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

/** Sorts by a column: text by name, figures as numbers (decimal text too), unknowns last. */
function compare(key: Key, a: SupplierScorecard, b: SupplierScorecard): number {
  const [x, y] = [a[key], b[key]];
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  if (key === 'trading_name') return String(x).localeCompare(String(y));
  return Number(x) - Number(y);
}

/** Issue 26 §2: how each supplier answered and fared over the last 90 days, sortable by any column. */
export function ScorecardsTable() {
  const scorecards = useScorecards();
  const [sort, setSort] = useState<{ key: Key; descending: boolean }>({
    key: 'trading_name',
    descending: false,
  });
  if (scorecards.isLoading) return <Skeleton height={120} />;
  if (scorecards.isError)
    return (
      <Alert color="red" role="alert">
        Unable to load the scorecards: {errorDetail(scorecards.error, 'please try again in a moment.')}
      </Alert>
    );
  const items = scorecards.data?.items ?? [];
  if (items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No inquiries were sent to suppliers in the last 90 days.
      </Text>
    );
  const sorted = [...items].sort((a, b) => (sort.descending ? -1 : 1) * compare(sort.key, a, b));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Supplier scorecards">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th
                key={c.key}
                scope="col"
                aria-sort={sort.key === c.key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
              >
                <UnstyledButton
                  fw={600}
                  fz="sm"
                  onClick={() =>
                    setSort((s) => ({
                      key: c.key,
                      descending: s.key === c.key ? !s.descending : c.key !== 'trading_name',
                    }))
                  }
                >
                  {c.label}{' '}
                  {sort.key === c.key &&
                    (sort.descending ? (
                      <IconArrowDown size={12} aria-hidden />
                    ) : (
                      <IconArrowUp size={12} aria-hidden />
                    ))}
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((s) => (
            <Table.Tr key={s.supplier_id}>
              {COLUMNS.map((c) => (
                <Table.Td key={c.key}>{c.show(s)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
