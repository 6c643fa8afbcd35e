import { Alert, Button, Card, Group, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { usePeriodInput } from '../../../components/report-period';
import { SuppliersTable } from '../../../components/suppliers-table';
import { useSuppliers } from '../../../lib/api/suppliers';
import { periodQuery } from '../../../lib/period-query';
import { useSupplierStats } from '../api/supplier-stats';
import { AddSupplierForm } from '../components/add-supplier-form';
import { ScorecardsTable } from '../components/scorecards-table';

export function SuppliersPage() {
  const { data, isLoading, isError, refetch, isFetching } = useSuppliers();
  // Without the figures (the offers service slow or down) the directory still shows, with dashes.
  const stats = useSupplierStats();
  const period = usePeriodInput();
  const query = periodQuery(period);
  return (
    <>
      <PageHeader
        title="Suppliers"
        description="The physical suppliers your inquiries go to, with their contacts and the ports they cover."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => {
              void refetch();
              void stats.refetch();
            }}
            disabled={isFetching}
          >
            Refresh
          </Button>
        }
      />
      <AddSupplierForm />
      {isError && (
        <Alert color="red" mb="md">
          Unable to load suppliers. Please refresh.
        </Alert>
      )}
      <Card withBorder padding="lg">
        <SuppliersTable suppliers={data} loading={isLoading} responseStats={stats.data ?? new Map()} />
      </Card>
      <Card withBorder padding="lg" mt="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3">
            Scorecards
          </Title>
          <DownloadButton
            path={`/api/insights/suppliers.xlsx${query ? `?${query}` : ''}`}
            fallbackName="supplier-scorecards.xlsx"
          >
            Download XLSX
          </DownloadButton>
        </Group>
        <ScorecardsTable period={period} />
      </Card>
    </>
  );
}
