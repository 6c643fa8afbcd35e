import { Badge } from '@mantine/core';
import { STEM_STATUS_LABELS, type StemStatus } from '@mfd/contracts';

const COLORS: Record<StemStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  acknowledged: 'teal',
  delivered: 'indigo',
  invoiced: 'orange',
  closed: 'green',
};

export function StemStatusBadge({ status }: { status: StemStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {STEM_STATUS_LABELS[status]}
    </Badge>
  );
}
