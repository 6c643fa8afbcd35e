import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SupplierDialog } from '../../../components/supplier-dialog';
import { SuppliersTable } from '../../../components/suppliers-table';
import { useSuppliers } from '../../../lib/api/suppliers';

export function SuppliersTab() {
  const { data, isLoading } = useSuppliers();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add Supplier
        </Button>
      </Group>
      <SuppliersTable suppliers={data} loading={isLoading} />
      {adding && <SupplierDialog opened onClose={() => setAdding(false)} />}
    </>
  );
}
