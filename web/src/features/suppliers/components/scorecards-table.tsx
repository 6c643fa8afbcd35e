import { Alert, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { SupplierScorecard } from '@mfd/contracts';
import { PeriodCaption, PeriodFields, type PeriodInput } from '../../../components/report-period';
import { errorDetail } from '../../../lib/api-client';
import { useScorecards } from '../../../lib/api/scorecards';
import { SCORECARD_FIGURES, type Key } from './scorecard-figures';

/** Sorts by a column: text by name, figures as numbers (decimal text too), unknowns last. */
function compare(key: Key, a: SupplierScorecard, b: SupplierScorecard): number {
  const [x, y] = [a[key], b[key]];
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  if (key === 'trading_name') return String(x).localeCompare(String(y));
  return Number(x) - Number(y);
}

/** Issue 26 §2: how each supplier answered and fared over a period (the last 90 days unless chosen). */
export function ScorecardsTable({ period }: { period: PeriodInput }) {
  const scorecards = useScorecards(period);
  return (
    <Stack>
      <PeriodFields period={period} name="Scorecards period" error={scorecards.error} />
      <PeriodCaption period={period} />
      <ScorecardFigures scorecards={scorecards} />
    </Stack>
  );
}

/** The scorecards sortable by any column. */
function ScorecardFigures({ scorecards }: { scorecards: ReturnType<typeof useScorecards> }) {
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
        No inquiries were sent to suppliers in this period.
      </Text>
    );
  const sorted = [...items].sort((a, b) => (sort.descending ? -1 : 1) * compare(sort.key, a, b));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Supplier scorecards">
        <Table.Thead>
          <Table.Tr>
            {SCORECARD_FIGURES.map((c) => (
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
              {SCORECARD_FIGURES.map((c) => (
                <Table.Td key={c.key}>{c.show(s)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
