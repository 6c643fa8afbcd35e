import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashboard figure (a count, or text such as an amount): a skeleton while loading, a dash when unknown. */
export function StatCard({
  label,
  value,
  icon,
  loading,
}: {
  label: string;
  value: number | string | null | undefined;
  icon: ReactNode;
  loading?: boolean;
}) {
  return (
    <Card withBorder padding="lg" aria-label={label}>
      {/* The icon stays top right on every card; a long label wraps beside it instead. */}
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={32} width={60} mt={6} />
          ) : (
            <Text fz={30} fw={700} lh={1.2} mt={4}>
              {value ?? '—'}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
