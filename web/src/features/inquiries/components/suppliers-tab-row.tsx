import { Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { SuggestedSupplier } from '@mfd/contracts';
import { formatUtc } from '../../../lib/port-time';
import { DeliveryStatus } from './suppliers-tab-delivery';
import { supplierAddresses, type SupplierAddress } from './suppliers-tab-selection';

function AddressLine({
  address,
  choosable,
  checked,
  onToggle,
  zone,
  canResend,
  resending,
  onResend,
}: {
  address: SupplierAddress;
  choosable: boolean;
  checked: boolean;
  onToggle: () => void;
  zone: string;
  canResend: boolean;
  resending: boolean;
  onResend: () => void;
}) {
  const text = address.contactId ? `${address.label}: ${address.email}` : address.email;
  return (
    <Stack gap={2}>
      {choosable ? (
        <Checkbox
          size="xs"
          label={text}
          checked={checked}
          disabled={address.sent !== null}
          onChange={onToggle}
        />
      ) : (
        <Text size="sm">{text}</Text>
      )}
      {address.bouncedAt && (
        <Text size="xs" c="red.8">
          This address bounced on {formatUtc(address.bouncedAt)}: mail to it may not arrive
        </Text>
      )}
      {address.sent && (
        <DeliveryStatus
          delivery={address.sent}
          zone={zone}
          canResend={canResend}
          resending={resending}
          onResend={onResend}
        />
      )}
    </Stack>
  );
}

/**
 * One supplier of the Suppliers tab: its checkbox, name and tags, whether it covers the port, and
 * each address (a checkbox each where it has several) with the delivery of what was sent there.
 */
export function SupplierRow({
  supplier,
  selected,
  closed,
  zone,
  resendingKey,
  onToggleSupplier,
  onToggleAddress,
  onResend,
}: {
  supplier: SuggestedSupplier;
  selected: ReadonlySet<string>;
  /** The inquiry is awarded or cancelled: nothing more goes out. */
  closed: boolean;
  zone: string;
  resendingKey: string | null;
  onToggleSupplier: () => void;
  onToggleAddress: (key: string) => void;
  onResend: (address: SupplierAddress) => void;
}) {
  const addresses = supplierAddresses(supplier);
  const unsent = addresses.filter((a) => !a.sent);
  const chosen = addresses.filter((a) => selected.has(a.key)).length;
  // A delivery to a contact removed since keeps its status on screen.
  const orphans = supplier.sent.filter((r) => !addresses.some((a) => a.sent === r));
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${supplier.trading_name}`}
          checked={chosen > 0}
          indeterminate={chosen > 0 && chosen < unsent.length}
          disabled={closed || unsent.length === 0}
          onChange={onToggleSupplier}
        />
      </Table.Td>
      <Table.Td>
        <Text fw={500} size="sm">
          {supplier.trading_name}
        </Text>
        <Group gap={4} mt={2}>
          {supplier.status !== 'active' && (
            <Badge size="xs" color="gray" variant="outline">
              {supplier.status}
            </Badge>
          )}
          {supplier.tags.map((t) => (
            <Badge key={t} size="xs" variant="outline">
              {t}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        {supplier.covers_port ? (
          <Badge color="teal" variant="light" size="sm">
            Covers port
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            Not listed for this port
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap="xs">
          {addresses.map((address) => (
            <AddressLine
              key={address.key}
              address={address}
              choosable={addresses.length > 1 && !closed}
              checked={selected.has(address.key)}
              onToggle={() => onToggleAddress(address.key)}
              zone={zone}
              canResend={!closed}
              resending={resendingKey === address.key}
              onResend={() => onResend(address)}
            />
          ))}
          {orphans.map((delivery) => (
            <Stack key={delivery.recipient_id} gap={2}>
              <Text size="sm">{delivery.email} (contact removed)</Text>
              <DeliveryStatus
                delivery={delivery}
                zone={zone}
                canResend={false}
                resending={false}
                onResend={() => undefined}
              />
            </Stack>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
