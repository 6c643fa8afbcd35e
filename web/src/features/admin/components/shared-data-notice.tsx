import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useAuth } from '../../../lib/auth';

/** Ports, products and the UN/LOCODE import are shared by every company: only platform operators change them. */
export function useCanChangeSharedData(): boolean {
  return useAuth().user?.operator === true;
}

export function SharedDataNotice() {
  return (
    <Alert variant="light" color="gray" icon={<IconLock size={16} aria-hidden />} mb="md">
      Only platform operators change shared reference data. Every company uses these lists; you can view them
      here.
    </Alert>
  );
}
