import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { CLAIM_KIND_LABELS, MAX_DOCUMENT_BYTES, type ClaimKind, type StemView } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { formatPortTime } from '../../../lib/port-time';
import { openStemDocument, useUploadStemDocument } from '../api/stem-life';

const ACCEPT = 'application/pdf,image/jpeg,image/png';
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The BDN's PDF or image: uploaded with progress, listed with links to open each. */
function Documents({ stem }: { stem: StemView }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadStemDocument(stem.id, setProgress);
  const pick = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    if (file.size > MAX_DOCUMENT_BYTES) return setFailure('The file is larger than 10 MB');
    try {
      setProgress(0);
      await upload.mutateAsync(file);
      notifySuccess('Document uploaded');
    } catch (err) {
      setFailure(errorDetail(err, 'The document could not be uploaded. Please try again.'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          BDN documents
        </Text>
        {stem.status !== 'closed' && (
          <FileButton onChange={(file) => void pick(file)} accept={ACCEPT}>
            {(props) => (
              <Button size="xs" variant="light" loading={upload.isPending} {...props}>
                Upload BDN (PDF or image, max 10 MB)
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" />}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {stem.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No document uploaded yet.
        </Text>
      ) : (
        <List size="sm">
          {stem.documents.map((d) => (
            <List.Item key={d.id}>
              <Anchor
                component="button"
                type="button"
                onClick={() =>
                  openStemDocument(stem.id, d.id).catch((err: unknown) =>
                    setFailure(errorDetail(err, 'The document could not be opened')),
                  )
                }
              >
                {d.filename}
              </Anchor>{' '}
              ({size(d.size_bytes)})
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * The recorded delivery: the BDN's particulars per line, the variances in words (each offering its
 * suggested claim) and the documents.
 */
export function DeliveryCard({
  stem,
  onSuggestClaim,
}: {
  stem: StemView;
  onSuggestClaim: (kind: ClaimKind, description: string) => void;
}) {
  const delivery = stem.delivery;
  if (!delivery) return null;
  const zone = stem.port.timezone ?? 'UTC';
  const nameOf = (id: string) => stem.lines.find((l) => l.product_line_id === id)?.product_name ?? 'Line';
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Delivery
      </Title>
      <Stack>
        <Text size="sm">
          BDN <strong>{delivery.bdn_number}</strong>, delivered {formatPortTime(delivery.delivered_at, zone)}{' '}
          (port time){delivery.barge_name ? ` by ${delivery.barge_name}` : ''}.
          {delivery.seals.length > 0 && ` Seals: ${delivery.seals.join(', ')}.`}
        </Text>
        {delivery.remarks && <Text size="sm">Remarks: {delivery.remarks}</Text>}
        <Table fz="sm" aria-label="Delivered lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fuel</Table.Th>
              <Table.Th>Delivered</Table.Th>
              <Table.Th>Density at 15 °C</Table.Th>
              <Table.Th>Sulphur</Table.Th>
              <Table.Th>Viscosity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {delivery.lines.map((l) => (
              <Table.Tr key={l.product_line_id}>
                <Table.Td>{nameOf(l.product_line_id)}</Table.Td>
                <Table.Td>{formatQuantity(l.quantity_mt)}</Table.Td>
                <Table.Td>{l.density_kg_m3 ? `${l.density_kg_m3} kg/m³` : '—'}</Table.Td>
                <Table.Td>{l.sulphur_pct ? `${l.sulphur_pct}% m/m` : '—'}</Table.Td>
                <Table.Td>{l.viscosity_cst ? `${l.viscosity_cst} cSt` : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {stem.variances.length === 0 ? (
          <Text size="sm" c="green">
            No variances: the delivery matches the stem.
          </Text>
        ) : (
          <Stack gap={4} aria-label="Variances">
            <Text fw={600} size="sm">
              Variances
            </Text>
            {stem.variances.map((v) => (
              <Group key={`${v.kind}-${v.product_line_id}`} justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Badge color="orange" variant="light">
                    Variance
                  </Badge>
                  <Text size="sm">{v.detail}</Text>
                </Group>
                {stem.status !== 'closed' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => onSuggestClaim(v.suggested_claim, v.detail)}
                  >
                    Raise {CLAIM_KIND_LABELS[v.suggested_claim].toLowerCase()} claim
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
        <Documents stem={stem} />
      </Stack>
    </Paper>
  );
}
