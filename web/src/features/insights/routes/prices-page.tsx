import { Alert, Card, Group, Select, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { PortSearchResult } from '@mfd/contracts';
import { AutocompleteSearch, ResultLine } from '../../../components/autocomplete-search';
import { DownloadButton } from '../../../components/download-button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PeriodCaption, PeriodFields, shownPeriod, usePeriodInput } from '../../../components/report-period';
import { errorDetail } from '../../../lib/api-client';
import { searchPorts } from '../../../lib/api/ports';
import { useProducts } from '../../../lib/api/products';
import { queryString, usePriceHistory } from '../api/prices';
import { MarginsTable } from '../components/margins-table';
import { PriceChart } from '../components/price-chart';
import { PriceTable } from '../components/price-table';

/** Issue 26 §1: what was offered and awarded for a grade at a port, per day, from the company's own offers. */
export function PricesPage() {
  const [port, setPort] = useState<PortSearchResult | null>(null);
  const [product, setProduct] = useState<string | null>(null);
  const period = usePeriodInput();
  const margins = usePeriodInput();
  const products = useProducts();
  const query = port && product ? { port_id: port.id, product, from: period.from, to: period.to } : null;
  const history = usePriceHistory(query);
  const days = history.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Prices"
        description="What suppliers offered and what was awarded for a grade at a port, per day in port time (USD per MT; index-linked lines at their index value)."
        actions={
          query && (
            <DownloadButton
              path={`/api/insights/prices.xlsx?${queryString(query)}`}
              fallbackName="prices.xlsx"
            >
              Download XLSX
            </DownloadButton>
          )
        }
      />
      <Card withBorder padding="lg">
        <Stack>
          <Group align="flex-start" wrap="wrap">
            <div style={{ flex: '1 1 260px' }}>
              <AutocompleteSearch
                label="Port"
                placeholder="Port name or UN/LOCODE"
                queryKey="ports"
                search={searchPorts}
                itemKey={(p) => p.id}
                itemLabel={(p) => p.display_name}
                renderItem={(p) => (
                  <ResultLine title={p.display_name} detail={p.subtitle} aside={p.timezone} />
                )}
                onSelect={setPort}
              />
            </div>
            <Select
              label="Fuel Type"
              placeholder="Choose"
              data={(products.data ?? []).map((p) => p.code)}
              value={product}
              onChange={setProduct}
              w={{ base: '100%', sm: 160 }}
            />
            <PeriodFields period={period} name="Prices period" error={history.error} />
          </Group>
          {!query ? (
            <EmptyState
              title="Choose a port and a fuel type"
              description="The last 90 days show unless you pick dates."
            />
          ) : history.isLoading ? (
            <Skeleton height={320} />
          ) : history.isError ? (
            <Alert color="red" role="alert">
              Unable to load prices: {errorDetail(history.error, 'please try again in a moment.')}
            </Alert>
          ) : days.length === 0 ? (
            <EmptyState
              title="No offers in this period"
              description={`No ${product} offers at ${port!.display_name} in the dates chosen.`}
            />
          ) : (
            <>
              <PeriodCaption period={period} timeZone={port!.timezone} />
              <PriceChart days={days} period={shownPeriod(period, port!.timezone)} />
              <PriceTable days={days} />
            </>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg" mt="lg">
        <Stack>
          <Title order={2} size="h3">
            Margins and commissions
          </Title>
          <MarginsTable period={margins} />
        </Stack>
      </Card>
    </>
  );
}
