import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { DownloadButton } from '../../../components/download-button';

/** The comparison as a file for a customer or a colleague, with the supplier names or the customer left out. */
export function OffersExport({ inquiryId }: { inquiryId: string }) {
  const [hideSuppliers, setHideSuppliers] = useState(false);
  const [hideCustomer, setHideCustomer] = useState(false);
  const query = new URLSearchParams();
  if (hideSuppliers) query.set('hide_suppliers', '1');
  if (hideCustomer) query.set('hide_customer', '1');
  const suffix = query.size ? `?${query}` : '';
  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />}>
          Export
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Export the offers">
        <Stack gap="sm">
          <Checkbox
            label="Leave supplier names out"
            checked={hideSuppliers}
            onChange={(e) => setHideSuppliers(e.currentTarget.checked)}
          />
          <Checkbox
            label="Leave the customer out"
            checked={hideCustomer}
            onChange={(e) => setHideCustomer(e.currentTarget.checked)}
          />
          <DownloadButton
            path={`/api/inquiries/${inquiryId}/offers.xlsx${suffix}`}
            fallbackName="offers.xlsx"
          >
            Download XLSX
          </DownloadButton>
          <DownloadButton path={`/api/inquiries/${inquiryId}/offers.pdf${suffix}`} fallbackName="offers.pdf">
            Download PDF
          </DownloadButton>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
