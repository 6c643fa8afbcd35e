import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { StemSummary } from '@mfd/contracts';
import { apiRequest } from '../lib/api-client';

/**
 * The stems an inquiry's award made, one per supplier of a split award (at most one per fuel line,
 * so the list's first page holds them all); under the Stems lists' key, so a stem change refreshes it.
 */
function useInquiryStems(inquiryId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['stems', 'list', { inquiryId }],
    queryFn: () =>
      apiRequest<{ items: StemSummary[] }>(`/api/stems?inquiry_id=${inquiryId}`).then((r) => r.items),
    enabled,
  });
}

/** On an awarded inquiry: the stems its award made, each a link to its page. */
export function InquiryStemLinks({ inquiryId, awarded }: { inquiryId: string; awarded: boolean }) {
  const stems = useInquiryStems(inquiryId, awarded);
  if (!awarded || !stems.data || stems.data.length === 0) return null;
  return (
    <Alert color="blue" mb="md">
      <Group gap="xs">
        <Text span>{stems.data.length === 1 ? 'Stem:' : 'Stems:'}</Text>
        {stems.data.map((s) => (
          <Anchor key={s.id} component={Link} to={`/stems/${s.id}`}>
            {s.reference} ({s.supplier.trading_name})
          </Anchor>
        ))}
      </Group>
    </Alert>
  );
}
