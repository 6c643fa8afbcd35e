import { Anchor, Badge, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Supplier, SupplierResponseStats } from '@mfd/contracts';
import { formatMedianResponse, formatResponseRate } from '../lib/durations';
import { EmptyState } from './empty-state';
import { SupplierDialog } from './supplier-dialog';

// A badge's label clips itself by default, letting the table squeeze the cell to "ACTI…": it keeps its text.
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

/**
 * Suppliers with Edit (spec §2 table: Trading Name, Email, Status, Tags, Edit; plus ports covered,
 * and, where `responseStats` is given, how often and how fast each answers inquiries).
 */
export function SuppliersTable({
  suppliers,
  loading,
  responseStats,
}: {
  suppliers: Supplier[] | undefined;
  loading: boolean;
  responseStats?: Map<string, SupplierResponseStats>;
}) {
  const [editing, setEditing] = useState<Supplier | null>(null);
  if (loading) return <Skeleton height={160} />;
  if (!suppliers?.length)
    return (
      <EmptyState
        title="No suppliers yet"
        description="Add the physical suppliers you buy from, with the ports they serve."
      />
    );
  return (
    <>
      <Table.ScrollContainer minWidth={responseStats ? 900 : 720}>
        <Table striped highlightOnHover aria-label="Suppliers" data-sticky-actions>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Trading Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Ports</Table.Th>
              {responseStats && (
                <>
                  {/* All time, unlike the scorecards' period: said so the two figures are not read as one. */}
                  <Table.Th>Response rate (all time)</Table.Th>
                  <Table.Th>Median response (all time)</Table.Th>
                </>
              )}
              <Table.Th>Edit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {suppliers.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td fw={500}>
                  <Anchor component={Link} to={`/suppliers/${s.id}`}>
                    {s.trading_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.default_email}</Table.Td>
                <Table.Td>
                  <Badge
                    color={s.status === 'active' ? 'green' : 'gray'}
                    variant="light"
                    styles={WHOLE_LABEL}
                  >
                    {s.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {s.tags.map((t) => (
                      <Badge key={t} variant="outline" size="sm" styles={WHOLE_LABEL}>
                        {t}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.ports.map((p) => p.unlocode).join(', ') || '—'}</Text>
                </Table.Td>
                {responseStats && (
                  <>
                    <Table.Td>{formatResponseRate(responseStats.get(s.id))}</Table.Td>
                    <Table.Td>{formatMedianResponse(responseStats.get(s.id))}</Table.Td>
                  </>
                )}
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(s)}
                    aria-label={`Edit ${s.trading_name}`}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <SupplierDialog opened onClose={() => setEditing(null)} supplier={editing} />}
    </>
  );
}
