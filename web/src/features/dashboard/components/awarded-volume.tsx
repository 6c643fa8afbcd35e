import { Alert, Card, Skeleton, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MonthGradeVolume } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';

// The chart library comes when there is something to draw, after the dashboard's figures.
const VolumeChart = lazy(() => import('./volume-chart').then((m) => ({ default: m.VolumeChart })));

/** Issue 26 §5: the awarded volume per grade per month over the last 12 months. */
export function AwardedVolume({
  items,
  loading,
  error,
}: {
  items: MonthGradeVolume[] | undefined;
  loading: boolean;
  error: unknown;
}) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Awarded volume per grade
      </Title>
      {loading ? (
        <Skeleton height={300} />
      ) : error ? (
        <Alert color="red" title="Unable to load the awarded volume">
          {errorDetail(error, 'Please try again.')}
        </Alert>
      ) : !items?.length ? (
        <Text c="dimmed" size="sm">
          Nothing awarded in the last 12 months yet.
        </Text>
      ) : (
        <Suspense fallback={<Skeleton height={300} />}>
          <VolumeChart items={items} />
        </Suspense>
      )}
    </Card>
  );
}
