import { Alert, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { indexKey, type OfferView } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';
import { formatCalendarDate } from '../../../lib/port-time';
import { useIndexValues } from '../api/index-values';
import { IndexValuesDialog } from './index-values-dialog';

/** The index names the offers' index-linked lines use, once each (as they are matched: any case). */
export function indexNamesOf(offers: OfferView[]): string[] {
  const names = new Map<string, string>();
  for (const offer of offers)
    for (const line of Object.values(offer.per_product_lines))
      if (line.pricing === 'index' && line.index_name && !names.has(indexKey(line.index_name)))
        names.set(indexKey(line.index_name), line.index_name.trim());
  return [...names.values()];
}

/**
 * The benchmark values the trader compares index-linked offers at, and the indices offers use that
 * have none yet (their offers stay indicative until they do). Shown once an offer is index-linked
 * or a value was entered.
 */
export function IndexValuesCard({
  inquiryId,
  offers,
  editable,
}: {
  inquiryId: string;
  offers: OfferView[];
  editable: boolean;
}) {
  const values = useIndexValues(inquiryId);
  const [editing, setEditing] = useState(false);
  const used = indexNamesOf(offers);
  const list = values.data ?? [];
  const valued = new Set(list.map((v) => indexKey(v.index_name)));
  const missing = used.filter((name) => !valued.has(indexKey(name)));
  if (values.isSuccess && used.length === 0 && list.length === 0) return null;

  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Index values
        </Title>
        {editable && (
          <Button size="xs" variant="light" onClick={() => setEditing(true)} disabled={!values.isSuccess}>
            Edit index values
          </Button>
        )}
      </Group>
      {values.isLoading ? (
        <Skeleton height={60} />
      ) : values.isError ? (
        <Alert color="red" role="alert">
          Unable to load the index values: {errorDetail(values.error, 'please try again.')}
        </Alert>
      ) : (
        <Table fz="sm" aria-label="Index values">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Index</Table.Th>
              <Table.Th>Value (USD/MT)</Table.Th>
              <Table.Th>As of</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((v) => (
              <Table.Tr key={v.index_name}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{v.index_name}</Table.Td>
                <Table.Td>{formatUsd(v.value)}</Table.Td>
                <Table.Td>{formatCalendarDate(v.as_of)}</Table.Td>
              </Table.Tr>
            ))}
            {missing.map((name) => (
              <Table.Tr key={name}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
                <Table.Td colSpan={2}>
                  <Text size="sm" c="dimmed">
                    No value yet: its offers are indicative
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <IndexValuesDialog
          inquiryId={inquiryId}
          values={list}
          missing={missing}
          onClose={() => setEditing(false)}
        />
      )}
    </Paper>
  );
}
