import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS, type PortImportResult } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { importPorts, portStatsQuery } from '../../../lib/api/ports';
import { countryName } from '../../../lib/countries';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { SharedDataNotice, useCanChangeSharedData } from './shared-data-notice';

function PortStatistics() {
  const { data, isLoading, isError } = useQuery(portStatsQuery);
  if (isError) return <Alert color="red">Unable to load statistics</Alert>;
  if (isLoading || !data) return <Skeleton height={120} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Card withBorder padding="md" aria-label="Total ports">
        <Text size="sm" c="dimmed">
          Total ports
        </Text>
        <Text fz={30} fw={700}>
          {data.total_ports.toLocaleString()}
        </Text>
      </Card>
      <Card withBorder padding="md" aria-label="Top countries">
        <Text size="sm" c="dimmed" mb={4}>
          Top {LIMITS.topCountries} countries
        </Text>
        {data.by_country.slice(0, LIMITS.topCountries).map((c) => (
          <Group key={c._id} justify="space-between">
            <Text size="sm">{countryName(c._id)}</Text>
            <Text size="sm" fw={600}>
              {c.count.toLocaleString()}
            </Text>
          </Group>
        ))}
      </Card>
      <Card withBorder padding="md" aria-label="Ports by region">
        <Text size="sm" c="dimmed" mb={4}>
          By region
        </Text>
        {data.by_region.slice(0, 6).map((r) => (
          <Group key={r._id} justify="space-between">
            <Text size="sm">{r._id}</Text>
            <Text size="sm" fw={600}>
              {r.count.toLocaleString()}
            </Text>
          </Group>
        ))}
      </Card>
    </SimpleGrid>
  );
}

function ImportReport({ result }: { result: PortImportResult }) {
  return (
    <Card withBorder padding="md" aria-label="Import result">
      <Text fw={600} mb="xs">
        {result.message}
      </Text>
      <Group gap="xs" mb="sm">
        <Badge color="teal">Inserted: {result.inserted}</Badge>
        <Badge color="blue">Updated: {result.updated}</Badge>
        <Badge color="gray">Unchanged: {result.unchanged}</Badge>
        <Badge color="ocean">Processed: {result.total_processed}</Badge>
        <Badge color={result.skipped_total ? 'orange' : 'gray'}>Skipped: {result.skipped_total}</Badge>
      </Group>
      {result.skipped.length > 0 && (
        <Table.ScrollContainer minWidth={500} mah={300}>
          <Table striped aria-label="Skipped rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>UN/LOCODE</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.skipped.map((s) => (
                <Table.Tr key={`${s.line}-${s.reason}`}>
                  <Table.Td>{s.line}</Table.Td>
                  <Table.Td ff="monospace">{s.unlocode ?? '—'}</Table.Td>
                  <Table.Td>{s.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {result.skipped_total > result.skipped.length && (
            <Text size="sm" mt="xs">
              and {(result.skipped_total - result.skipped.length).toLocaleString()} more
            </Text>
          )}
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/**
 * Admin › Bulk Import: port statistics, and the UNECE UN/LOCODE code list upload. The server
 * imports rows as they arrive, so the upload's progress is the import's progress.
 */
export function BulkImportTab() {
  const canChange = useCanChangeSharedData();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<PortImportResult | null>(null);

  const run = async () => {
    if (!file) return;
    setResult(null);
    setProgress(0);
    try {
      const report = await importPorts(file, setProgress);
      setResult(report);
      notifySuccess(report.message);
      await queryClient.invalidateQueries({ queryKey: ['ports'] });
    } catch (err) {
      notifyError(`Import failed: ${errorDetail(err, 'Please try again.')}`);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Stack>
      {!canChange && <SharedDataNotice />}
      <PortStatistics />
      {canChange && (
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb={4}>
            UN/LOCODE bulk import
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Upload the UNECE code list (CSV). Only seaports are kept (10,800+ in the full list); a second
            import of the same file changes nothing.
          </Text>
          <Group align="flex-end">
            <FileInput
              label="Code list file"
              placeholder="code-list.csv"
              accept=".csv,text/csv"
              leftSection={<IconFileTypeCsv size={16} />}
              value={file}
              onChange={setFile}
              clearable
              style={{ flex: 1 }}
              disabled={uploading}
            />
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={() => void run()}
              disabled={!file || uploading}
            >
              {uploading ? 'Importing...' : 'Import'}
            </Button>
          </Group>
          {uploading && (
            <Stack gap={4} mt="md">
              <Progress value={Math.round(progress * 100)} animated aria-label="Import progress" />
              <Text size="xs" c="dimmed">
                {progress < 1
                  ? `Uploading and importing… ${Math.round(progress * 100)}%`
                  : 'Finishing the import…'}
              </Text>
            </Stack>
          )}
        </Card>
      )}
      {result && <ImportReport result={result} />}
    </Stack>
  );
}
