import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_STEM_CC, type StemView } from '@mfd/contracts';
import { DownloadButton } from '../../../components/download-button';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { formatPortTime } from '../../../lib/port-time';
import { useSendStem } from '../api/stems';

const SENDABLE = ['draft', 'sent', 'acknowledged'];

/** Who gets the confirmation: the supplier its copy (buy prices, a link to acknowledge), the rest the customer's. */
function SendConfirmationDialog({ stem, onClose }: { stem: StemView; onClose: () => void }) {
  const send = useSendStem(stem.id);
  const [toSupplier, setToSupplier] = useState(!!stem.supplier.email);
  const [toCustomer, setToCustomer] = useState(false);
  const [toAgent, setToAgent] = useState(false);
  const [cc, setCc] = useState<string[]>([]);
  const errors = send.error instanceof ApiError ? send.error.errors : [];
  const submit = () =>
    send.mutate(
      { to_supplier: toSupplier, to_customer: toCustomer, to_agent: toAgent, cc },
      {
        onSuccess: () => {
          notifySuccess('The confirmation is on its way.');
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title="Send Confirmation" centered>
      <Stack>
        <Checkbox
          label={`Supplier: ${stem.supplier.trading_name} (supplier copy, with a link to acknowledge)`}
          description={stem.supplier.email ?? 'No e-mail address'}
          checked={toSupplier}
          disabled={!stem.supplier.email}
          onChange={(e) => setToSupplier(e.currentTarget.checked)}
        />
        <Checkbox
          label={`Customer: ${stem.customer.legal_entity_name ?? 'the customer'} (customer copy)`}
          checked={toCustomer}
          onChange={(e) => setToCustomer(e.currentTarget.checked)}
        />
        <Checkbox
          label={`Agent: ${stem.agent_name ?? 'the agent'} (customer copy)`}
          description={stem.agent_email ?? 'No e-mail address'}
          checked={toAgent}
          disabled={!stem.agent_email}
          onChange={(e) => setToAgent(e.currentTarget.checked)}
        />
        <TagsInput
          label="Cc"
          description={`Up to ${MAX_STEM_CC} addresses; each gets the customer copy.`}
          placeholder="name@example.com"
          value={cc}
          onChange={setCc}
          maxTags={MAX_STEM_CC}
          splitChars={[',', ' ', ';']}
        />
        {send.isError && (
          <Alert color="red" title="The confirmation was not sent">
            {errors.length > 0 ? (
              <List size="sm">
                {errors.map((e) => (
                  <List.Item key={`${e.field}-${e.message}`}>{e.message}</List.Item>
                ))}
              </List>
            ) : (
              errorDetail(send.error, 'Please try again in a moment.')
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={send.isPending} leftSection={<IconSend size={16} />}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The confirmation: its reference, each copy to download, sending it, and the supplier's acknowledgement. */
export function StemConfirmationCard({ stem }: { stem: StemView }) {
  const [sending, setSending] = useState(false);
  const zone = stem.port.timezone ?? 'UTC';
  const path = (copy: 'supplier' | 'customer') => `/api/stems/${stem.id}/confirmation.pdf?copy=${copy}`;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Confirmation {stem.reference}
      </Title>
      <Stack gap="xs">
        <Text>
          {stem.sent_at ? `Sent ${formatPortTime(stem.sent_at, zone)} (port time).` : 'Not sent yet.'}
        </Text>
        {stem.sent_at && (
          <Text>
            {stem.acknowledged_at
              ? `Acknowledged by ${stem.acknowledged_by ?? 'the supplier'} on ${formatPortTime(stem.acknowledged_at, zone)} (port time).`
              : 'Not acknowledged by the supplier yet.'}
          </Text>
        )}
      </Stack>
      <Group mt="md">
        <DownloadButton path={path('supplier')} fallbackName={`${stem.reference}-supplier.pdf`}>
          Download Supplier Copy
        </DownloadButton>
        <DownloadButton path={path('customer')} fallbackName={`${stem.reference}-customer.pdf`}>
          Download Customer Copy
        </DownloadButton>
        {SENDABLE.includes(stem.status) && (
          <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>
            {stem.sent_at ? 'Send Again' : 'Send Confirmation'}
          </Button>
        )}
      </Group>
      {sending && <SendConfirmationDialog stem={stem} onClose={() => setSending(false)} />}
    </Card>
  );
}
