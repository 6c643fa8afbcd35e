import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlarm,
  IconBuildingWarehouse,
  IconCalendarMonth,
  IconClockHour4,
  IconFileDescription,
  IconFlame,
  IconPigMoney,
  IconReceipt,
  IconShip,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { StatCard } from '../../../components/stat-card';
import { errorDetail } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatUsd } from '../../../lib/money';
import { useDashboard } from '../api/get-dashboard';
import { AwardedVolume } from '../components/awarded-volume';
import { CustomerSavingsTable } from '../components/customer-savings-table';
import { StemDashboardCards } from '../components/stem-lists';

function RecentList({
  title,
  loading,
  empty,
  children,
}: {
  title: string;
  loading: boolean;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {loading ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={20} />
          ))}
        </Stack>
      ) : empty ? (
        <Text c="dimmed" size="sm">
          Nothing yet.
        </Text>
      ) : (
        <Stack gap="xs">{children}</Stack>
      )}
    </Card>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const { data, isLoading, isError, error, refetch } = useDashboard();
  return (
    <>
      <PageHeader title="Dashboard" description={user ? `Welcome, ${user.first_name}.` : undefined} />
      {isError && (
        <Alert color="red" mb="md" title="Unable to load statistics">
          <Group justify="space-between">
            <Text size="sm">{errorDetail(error, 'Please try again.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} mb="lg">
        <StatCard
          label="Total Inquiries"
          value={data?.total_inquiries}
          loading={isLoading}
          icon={<IconFileDescription size={22} />}
        />
        <StatCard
          label="Active Inquiries"
          value={data?.active_inquiries}
          loading={isLoading}
          icon={<IconFlame size={22} />}
        />
        <StatCard
          label="Total Suppliers"
          value={data?.total_suppliers}
          loading={isLoading}
          icon={<IconBuildingWarehouse size={22} />}
        />
        <StatCard
          label="Total Offers"
          value={data?.total_offers}
          loading={isLoading}
          icon={<IconReceipt size={22} />}
        />
      </SimpleGrid>
      {/* Issue 26 §5: what needs the desk this month (UTC months, as the server counts them). */}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} mb="lg">
        <StatCard
          label="Inquiries this month"
          value={data?.inquiries_this_month}
          loading={isLoading}
          icon={<IconCalendarMonth size={22} />}
        />
        <StatCard
          label="Awaiting offers"
          value={data?.awaiting_offers}
          loading={isLoading}
          icon={<IconClockHour4 size={22} />}
        />
        <StatCard
          label="Stems awaiting delivery"
          value={data?.stems_awaiting_delivery}
          loading={isLoading}
          icon={<IconShip size={22} />}
        />
        <StatCard
          label="Claims near time bar"
          value={data?.claims_near_time_bar}
          loading={isLoading}
          icon={<IconAlarm size={22} />}
        />
        <StatCard
          label="Savings this month"
          value={data ? formatUsd(data.savings_this_month_usd) : undefined}
          loading={isLoading}
          icon={<IconPigMoney size={22} />}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RecentList title="Recent Inquiries" loading={isLoading} empty={!data?.recent_inquiries.length}>
          {data?.recent_inquiries.map((i) => (
            <Group key={i.id} justify="space-between" wrap="nowrap">
              <Text component={Link} to={`/inquiries/${i.id}`} size="sm" fw={500}>
                {i.vessel_name}
                {i.port_name ? ` · ${i.port_name}` : ''}
              </Text>
              <Badge variant="light" color={i.status === 'distributed' ? 'green' : 'gray'}>
                {i.status.replaceAll('_', ' ')}
              </Badge>
            </Group>
          ))}
        </RecentList>
        <RecentList title="Recent Offers" loading={isLoading} empty={!data?.recent_offers.length}>
          {data?.recent_offers.map((o) => (
            <Group key={o.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {o.supplier_name ?? 'Supplier'} · {o.vessel_name}
              </Text>
              <Badge variant="light">{o.status.replaceAll('_', ' ')}</Badge>
            </Group>
          ))}
        </RecentList>
      </SimpleGrid>
      {/* Each card as tall as its content: the chart's card is not stretched to the table's. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="lg" style={{ alignItems: 'start' }}>
        <CustomerSavingsTable
          rows={data?.savings_by_customer_month}
          loading={isLoading}
          error={isError ? error : null}
        />
        <AwardedVolume
          items={data?.awarded_volume_by_month}
          loading={isLoading}
          error={isError ? error : null}
        />
      </SimpleGrid>
      <StemDashboardCards />
    </>
  );
}
