import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  NumberInput,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DEFAULT_REPLY_HOURS,
  REMIND_BEFORE_MINUTES,
  type DistributeInput,
  type DistributeResponse,
  type InquiryDetail,
  type SuggestedSupplier,
} from '@mfd/contracts';
import { EmptyState } from '../../../components/empty-state';
import { MailSendButton } from '../../../components/mail-send-button';
import { errorDetail } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { utcOffsetLabel } from '../../../lib/port-clock';
import { formatUtc, portInputToIso } from '../../../lib/port-time';
import { useDistribute, useSuggestedSuppliers } from '../api/distribution';
import { SupplierRow } from './suppliers-tab-row';
import {
  bouncedAmong,
  matchesSearch,
  recipientOf,
  selectAll,
  toggleSupplier,
  type SupplierAddress,
} from './suppliers-tab-selection';

const NONE_SELECTED = 'Please select at least one supplier';

/** The spec's words for what a distribution did (§8 "Distribute"). */
function reportDistribution(result: DistributeResponse) {
  if (result.distributed_count > 0) {
    notifySuccess(result.detail);
    return;
  }
  notifications.show({
    color: 'yellow',
    title: 'Nothing new was sent',
    message: `Distribution processed: ${result.status}. ${
      result.note ?? 'Please check with administrator if emails are not received.'
    }`,
    autoClose: 8000,
  });
}

/**
 * Spec §2 "Suppliers" tab: the suppliers to send this inquiry to (those covering its port, or all),
 * searchable, with a checkbox each (and each address of a supplier with several), the delivery of
 * what was already sent, Resend, and a reply-by in the port's time.
 */
export function SuppliersTab({ inquiry }: { inquiry: InquiryDetail }) {
  const zone = inquiry.port_details?.timezone ?? 'UTC';
  const [scope, setScope] = useState<'port' | 'all'>('port');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [replyBy, setReplyBy] = useState('');
  const [ccMe, setCcMe] = useState(false);
  // One reminder this many minutes before the reply-by to suppliers that have not answered ('' = none).
  const [remindBefore, setRemindBefore] = useState<string | number>('');
  const [sealed, setSealed] = useState(false);
  const [showNoneSelected, setShowNoneSelected] = useState(false);
  const [resendingKey, setResendingKey] = useState<string | null>(null);
  const suppliers = useSuggestedSuppliers(inquiry.id, scope === 'all');
  const distribute = useDistribute(inquiry.id);
  const closed = inquiry.status === 'awarded' || inquiry.status === 'cancelled';
  const replyByIso = portInputToIso(replyBy, zone);

  const visible = useMemo(
    () => (suppliers.data ?? []).filter((s) => matchesSearch(s, search)),
    [suppliers.data, search],
  );

  const send = async (body: DistributeInput, onDone?: () => void) => {
    try {
      reportDistribution(await distribute.mutateAsync(body));
      onDone?.();
    } catch (err) {
      const detail = errorDetail(err, '');
      notifyError(detail ? `Error distributing inquiry: ${detail}` : 'Error distributing inquiry');
    }
  };

  /** Goes ahead at once, or after the trader confirms sending to addresses that bounced before. */
  const unlessBounced = (keys: Iterable<string>, go: () => void) => {
    const bounced = bouncedAmong(keys, suppliers.data ?? []);
    if (bounced.length === 0) {
      go();
      return;
    }
    modals.openConfirmModal({
      title: 'Send to an address that bounced?',
      children: (
        <Stack gap="xs">
          <Text size="sm">Mail to these addresses came back undelivered before:</Text>
          {bounced.map((a) => (
            <Text key={a.key} size="sm" fw={500}>
              {a.email} (bounced {formatUtc(a.bouncedAt)})
            </Text>
          ))}
          <Text size="sm">Check the address with the supplier, or send anyway.</Text>
        </Stack>
      ),
      labels: { confirm: 'Send anyway', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: go,
    });
  };

  const distributeSelected = () => {
    if (selected.size === 0) {
      setShowNoneSelected(true);
      return;
    }
    setShowNoneSelected(false);
    unlessBounced(selected, () => {
      void send(
        {
          recipients: [...selected].map(recipientOf),
          reply_by: replyByIso,
          cc_me: ccMe,
          remind_before_minutes: typeof remindBefore === 'number' ? remindBefore : null,
          sealed,
        },
        () => {
          setSelected(new Set());
        },
      );
    });
  };

  const resend = (address: SupplierAddress) =>
    unlessBounced([address.key], () => {
      setResendingKey(address.key);
      void send({
        recipients: [{ supplier_id: address.supplierId, contact_id: address.contactId }],
        reply_by: replyByIso,
        resend: true,
      }).finally(() => setResendingKey(null));
    });

  const toggleAddress = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelected(next);
    setShowNoneSelected(false);
  };

  const row = (supplier: SuggestedSupplier) => (
    <SupplierRow
      key={supplier.id}
      supplier={supplier}
      selected={selected}
      closed={closed}
      zone={zone}
      resendingKey={resendingKey}
      onToggleSupplier={() => {
        setSelected(toggleSupplier(selected, supplier));
        setShowNoneSelected(false);
      }}
      onToggleAddress={toggleAddress}
      onResend={resend}
    />
  );

  return (
    <Card withBorder padding="lg">
      <Stack>
        {closed && (
          <Alert color="gray">This inquiry is {inquiry.status}: it can no longer be sent to suppliers.</Alert>
        )}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Search suppliers"
            placeholder="Trading name or e-mail"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <SegmentedControl
            aria-label="Which suppliers"
            value={scope}
            onChange={(v) => setScope(v === 'all' ? 'all' : 'port')}
            data={[
              { value: 'port', label: 'Port suppliers' },
              { value: 'all', label: 'All suppliers' },
            ]}
          />
          <Group gap="xs">
            <Button
              variant="light"
              onClick={() => {
                setSelected(selectAll(selected, visible));
                setShowNoneSelected(false);
              }}
              disabled={closed || visible.length === 0}
            >
              Select all
            </Button>
            <Button variant="subtle" onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
              Clear selection
            </Button>
          </Group>
        </Group>

        {suppliers.isLoading ? (
          <Skeleton height={160} />
        ) : suppliers.isError ? (
          <Alert color="red" role="alert">
            Unable to load suppliers: {errorDetail(suppliers.error, 'please try again in a moment.')}
          </Alert>
        ) : visible.length === 0 ? (
          <EmptyState
            title={
              search
                ? 'No supplier matches your search'
                : scope === 'port'
                  ? 'No supplier covers this port yet'
                  : 'No suppliers yet'
            }
            description={
              scope === 'port' && !search
                ? 'Show all suppliers to choose from the whole directory, or add the port to a supplier.'
                : undefined
            }
            action={
              scope === 'port' ? (
                <Button variant="light" onClick={() => setScope('all')}>
                  Show all suppliers
                </Button>
              ) : (
                <Anchor component={Link} to="/suppliers">
                  Go to Suppliers
                </Anchor>
              )
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            {/* Fixed widths: the delivery lines a distribution adds wrap in their column, never move the others. */}
            <Table verticalSpacing="sm" layout="fixed" aria-label="Suppliers for this inquiry">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64}>
                    <Text component="span" size="xs" fw={600}>
                      Select
                    </Text>
                  </Table.Th>
                  <Table.Th w="28%">Supplier</Table.Th>
                  <Table.Th w={170}>Port</Table.Th>
                  <Table.Th>E-mail and delivery</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{visible.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <Group align="flex-end" justify="space-between" wrap="wrap">
          <TextInput
            type="datetime-local"
            label={`Reply by (port time, ${utcOffsetLabel(replyByIso, zone)})`}
            description={
              replyByIso
                ? formatUtc(replyByIso)
                : `Empty: ${DEFAULT_REPLY_HOURS} hours from sending (never after the ETA)`
            }
            value={replyBy}
            onChange={(e) => setReplyBy(e.currentTarget.value)}
            disabled={closed}
          />
          <Checkbox
            label="Send me a copy of each invitation (Cc)"
            description="Replies come to the inquiry; with a copy, Reply all reaches you too"
            checked={ccMe}
            onChange={(e) => setCcMe(e.currentTarget.checked)}
            disabled={closed}
          />
          <NumberInput
            label="Remind suppliers who have not answered (minutes before the reply-by)"
            description="Empty: no reminder. One reminder each, with a fresh link"
            min={REMIND_BEFORE_MINUTES.min}
            max={REMIND_BEFORE_MINUTES.max}
            allowDecimal={false}
            value={remindBefore}
            onChange={setRemindBefore}
            disabled={closed}
          />
          <Checkbox
            label="Seal offers until the reply-by time"
            description="No prices and no award until the reply-by, or until every supplier has answered"
            checked={sealed}
            onChange={(e) => setSealed(e.currentTarget.checked)}
            disabled={closed}
          />
          <MailSendButton
            leftSection={<IconSend size={16} />}
            onClick={distributeSelected}
            loading={distribute.isPending && resendingKey === null}
            disabled={closed || distribute.isPending}
          >
            Distribute to Selected Suppliers ({selected.size})
          </MailSendButton>
        </Group>
        {showNoneSelected && (
          <Alert color="red" role="alert">
            {NONE_SELECTED}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
