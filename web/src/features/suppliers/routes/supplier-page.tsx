import { Alert, Anchor, Card, Skeleton, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { useSupplier } from '../../../lib/api/suppliers';
import { SupplierScorecardCard } from '../components/supplier-scorecard-card';

/** One supplier: its directory entry and how it answered and fared (its scorecard). */
export function SupplierPage() {
  const { supplierId = '' } = useParams();
  const supplier = useSupplier(supplierId);
  if (supplier.isLoading) return <Skeleton height={160} />;
  if (supplier.isError || !supplier.data)
    return (
      <Alert color="red" role="alert">
        Supplier not found.{' '}
        <Anchor component={Link} to="/suppliers">
          Back to suppliers
        </Anchor>
      </Alert>
    );
  const s = supplier.data;
  return (
    <>
      <PageHeader title={s.trading_name} description={s.default_email} />
      <Card withBorder padding="lg">
        <Text size="sm">Status: {s.status}</Text>
        <Text size="sm">Ports: {s.ports.map((p) => p.name).join(', ') || '—'}</Text>
      </Card>
      <SupplierScorecardCard supplierId={s.id} />
    </>
  );
}
