import { Alert, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { errorDetail } from '../../../lib/api-client';
import { useSupplierScorecard } from '../../../lib/api/scorecards';
import { SCORECARD_FIGURES } from './scorecard-figures';

/** Issue 26 §2 on the supplier page: its scorecard over the last 90 days, the table's figures. */
export function SupplierScorecardCard({ supplierId }: { supplierId: string }) {
  const scorecard = useSupplierScorecard(supplierId);
  return (
    <Card withBorder padding="lg" mt="lg" component="section" aria-labelledby="supplier-scorecard">
      <Title order={2} size="h3" mb="sm" id="supplier-scorecard">
        Scorecard (last 90 days)
      </Title>
      {scorecard.isLoading ? (
        <Skeleton height={80} />
      ) : scorecard.isError ? (
        <Alert color="red" role="alert">
          Unable to load the scorecard: {errorDetail(scorecard.error, 'please try again in a moment.')}
        </Alert>
      ) : !scorecard.data ? (
        <Text size="sm">No inquiries were sent to this supplier in the last 90 days.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
          {SCORECARD_FIGURES.filter((f) => f.key !== 'trading_name').map((f) => (
            <Stack key={f.key} gap={0}>
              <Text component="dt" size="xs" fw={600}>
                {f.label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {f.show(scorecard.data!)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
