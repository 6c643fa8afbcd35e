import { Badge } from '@mantine/core';
import type { InquiryStatus } from '@mfd/contracts';

const COLORS: Record<InquiryStatus, string> = {
  draft: 'gray',
  distributed: 'green',
  quoting: 'blue',
  awarded: 'violet',
  cancelled: 'red',
};

/** The status as the server returns it (spec §4), coloured by where the inquiry stands. */
export function InquiryStatusBadge({ status }: { status: InquiryStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" autoContrast>
      {status}
    </Badge>
  );
}
