import { Button, Card, Tabs } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { errorDetail } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddSampleData } from '../api/admin';
import { BulkImportTab } from '../components/bulk-import-tab';
import { ClausesTab } from '../components/clauses-tab';
import { CompaniesTab } from '../components/companies-tab';
import { PortsTab } from '../components/ports-tab';
import { ProductsTab } from '../components/products-tab';
import { QueueBoardButton } from '../components/queue-board-button';
import { SuppliersTab } from '../components/suppliers-tab';
import { VesselsTab } from '../components/vessels-tab';
import { TeamTab } from '../components/team-tab';

/**
 * The admin area: a company admin manages their company and sees the shared reference data; a
 * platform operator (who may hold either role) changes that shared data and opens the queue
 * board. The routes behind it answer 403 to everyone else.
 */
export function AdminPage() {
  const { user } = useAuth();
  const sample = useAddSampleData();
  const isAdmin = user?.role === 'admin';
  if (!isAdmin && !user?.operator) {
    return (
      <EmptyState title="Administrators only" description="This area is for your company’s administrators." />
    );
  }
  return (
    <>
      <PageHeader
        title="Admin"
        description="Reference data and your company’s directory."
        actions={
          <>
            {user.operator && <QueueBoardButton />}
            {isAdmin && (
              <Button
                variant="light"
                leftSection={<IconDatabaseImport size={16} />}
                disabled={sample.isPending}
                onClick={() =>
                  sample.mutate(undefined, {
                    onSuccess: (r) => notifySuccess(r.detail),
                    onError: (err) => notifyError(errorDetail(err, 'Error adding sample data')),
                  })
                }
              >
                {sample.isPending ? 'Adding Sample Data...' : 'Add Sample Data'}
              </Button>
            )}
          </>
        }
      />
      <Card withBorder padding="lg">
        <Tabs defaultValue={isAdmin ? 'companies' : 'ports'} keepMounted={false}>
          <Tabs.List mb="md">
            {isAdmin && <Tabs.Tab value="team">Team</Tabs.Tab>}
            {isAdmin && <Tabs.Tab value="companies">Companies</Tabs.Tab>}
            {isAdmin && <Tabs.Tab value="suppliers">Suppliers</Tabs.Tab>}
            {isAdmin && <Tabs.Tab value="clauses">Clauses</Tabs.Tab>}
            <Tabs.Tab value="ports">Ports</Tabs.Tab>
            <Tabs.Tab value="products">Products</Tabs.Tab>
            <Tabs.Tab value="import">Bulk Import</Tabs.Tab>
            {user.operator && <Tabs.Tab value="vessels">Vessels</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="team">
            <TeamTab />
          </Tabs.Panel>
          <Tabs.Panel value="companies">
            <CompaniesTab />
          </Tabs.Panel>
          <Tabs.Panel value="suppliers">
            <SuppliersTab />
          </Tabs.Panel>
          <Tabs.Panel value="clauses">
            <ClausesTab />
          </Tabs.Panel>
          <Tabs.Panel value="ports">
            <PortsTab />
          </Tabs.Panel>
          <Tabs.Panel value="products">
            <ProductsTab />
          </Tabs.Panel>
          <Tabs.Panel value="import">
            <BulkImportTab />
          </Tabs.Panel>
          <Tabs.Panel value="vessels">
            <VesselsTab />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </>
  );
}
