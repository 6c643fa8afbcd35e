import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  DEFAULT_TIMEZONE,
  inlineSupplier,
  portExistsMessage,
  portInput,
  TIMEZONES,
  UNLOCODE_FORMAT_MESSAGE,
  unlocodeNotFoundMessage,
} from '@mfd/contracts';
import { ApiError, errorDetail } from '../lib/api-client';
import { lookupPort, useCreatePort } from '../lib/api/ports';
import { useSuppliers } from '../lib/api/suppliers';
import { applyServerErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { useUnsavedChanges } from '../lib/unsaved-changes';

type Values = {
  unlocode: string;
  name: string;
  country: string;
  region: string;
  timezone: string;
  lat: string;
  lon: string;
  suppliers: string[];
  new_trading_name: string;
  new_email: string;
  new_phone: string;
};

const EMPTY: Values = {
  unlocode: '',
  name: '',
  country: '',
  region: '',
  timezone: DEFAULT_TIMEZONE,
  lat: '',
  lon: '',
  suppliers: [],
  new_trading_name: '',
  new_email: '',
  new_phone: '',
};

/** The fields a lookup hit fills in, and so the ones a failed lookup takes back. */
const LOOKED_UP = ['name', 'country', 'region', 'timezone', 'lat', 'lon'] as const;
type LookedUp = Pick<Values, (typeof LOOKED_UP)[number]>;

const portOf = (v: Values) => ({
  unlocode: v.unlocode,
  name: v.name,
  country: v.country,
  region: v.region || null,
  timezone: v.timezone,
  lat: v.lat === '' ? null : v.lat,
  lon: v.lon === '' ? null : v.lon,
});

function validate(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of portInput.safeParse(portOf(v)).error?.issues ?? [])
    errors[String(issue.path[0])] ??= issue.message;
  if (v.new_trading_name || v.new_email) {
    const parsed = inlineSupplier.safeParse({
      trading_name: v.new_trading_name,
      email: v.new_email,
      phone: v.new_phone,
    });
    for (const issue of parsed.error?.issues ?? []) {
      const field =
        issue.path[0] === 'trading_name'
          ? 'new_trading_name'
          : issue.path[0] === 'email'
            ? 'new_email'
            : 'new_phone';
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The Add New Port dialog (spec §2): UN/LOCODE auto-fill from the port database, the port's
 * fields, suppliers to link, and an optional new supplier created with it in one step.
 */
export function AddPortDialog({
  opened,
  onClose,
  initialText = '',
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  initialText?: string;
  onCreated?: (port: { id: string; unlocode: string; name: string }) => void;
}) {
  const create = useCreatePort();
  const suppliers = useSuppliers();
  const [lookupMessage, setLookupMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [looking, setLooking] = useState(false);
  // The last hit: what it filled in, and the code of the port that already exists.
  const [hit, setHit] = useState<{ unlocode: string; filled: LookedUp } | null>(null);
  const initialCode = /^[a-z]{2}[a-z2-9]{3}$/i.test(initialText) ? initialText.toUpperCase() : '';
  const form = useForm<Values>({
    initialValues: { ...EMPTY, unlocode: initialCode, name: initialCode ? '' : initialText },
    validate,
  });
  useUnsavedChanges(opened && form.isDirty());

  const close = () => {
    form.setValues({ ...EMPTY });
    setLookupMessage(null);
    setHit(null);
    onClose();
  };

  /** A failed lookup takes back what the last hit filled in (fields the user has since typed over stay). */
  const forgetHit = () => {
    if (!hit) return;
    const cleared: Partial<Values> = {};
    for (const field of LOOKED_UP)
      if (form.values[field] === hit.filled[field]) cleared[field] = EMPTY[field];
    form.setValues(cleared);
    setHit(null);
  };

  const autoFill = async () => {
    const code = form.values.unlocode.trim().toUpperCase();
    if (code.length !== 5) {
      forgetHit();
      setLookupMessage({ ok: false, text: UNLOCODE_FORMAT_MESSAGE });
      return;
    }
    setLooking(true);
    try {
      // The lookup reads the shared port list, so a hit is a port that is already there: say so
      // now rather than let Add Port fail. Its details are shown for reference.
      const { port } = await lookupPort(code);
      const filled: LookedUp = {
        name: port.name,
        country: port.country,
        region: port.region ?? '',
        timezone: port.timezone,
        lat: port.lat === null ? '' : String(port.lat),
        lon: port.lon === null ? '' : String(port.lon),
      };
      form.setValues(filled);
      setHit({ unlocode: port.unlocode, filled });
      setLookupMessage({ ok: false, text: `${portExistsMessage(port.unlocode)} (${port.name}).` });
    } catch (err) {
      forgetHit();
      const notFound = err instanceof ApiError && err.status === 404;
      setLookupMessage({
        ok: false,
        text: notFound
          ? unlocodeNotFoundMessage(code)
          : errorDetail(err, 'Lookup failed. Please enter details manually.'),
      });
    } finally {
      setLooking(false);
    }
  };

  const submit = form.onSubmit(async (v) => {
    if (hit && v.unlocode.trim().toUpperCase() === hit.unlocode) {
      form.setFieldError('unlocode', portExistsMessage(hit.unlocode));
      return;
    }
    try {
      const result = await create.mutateAsync({
        port: portOf(v),
        suppliers: v.suppliers,
        new_supplier:
          v.new_trading_name && v.new_email
            ? { trading_name: v.new_trading_name, email: v.new_email, phone: v.new_phone || null }
            : null,
      });
      notifySuccess(result.detail);
      onCreated?.({ id: result.port_id, unlocode: v.unlocode, name: v.name });
      close();
    } catch (err) {
      applyServerErrors(form, err, (field) =>
        field.startsWith('new_supplier.')
          ? `new_${field.slice('new_supplier.'.length)}`
          : field.replace(/^port\./, ''),
      );
      notifyError(`Error adding port. Please try again. ${errorDetail(err, '')}`.trim());
    }
  });

  const zones = TIMEZONES.includes(form.values.timezone as (typeof TIMEZONES)[number])
    ? [...TIMEZONES]
    : [...TIMEZONES, form.values.timezone];
  return (
    <Modal opened={opened} onClose={close} title="Add New Port" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="UN/LOCODE"
              required
              maxLength={5}
              placeholder="SGSIN"
              style={{ flex: 1 }}
              {...form.getInputProps('unlocode')}
              onChange={(e) => form.setFieldValue('unlocode', e.currentTarget.value.toUpperCase())}
            />
            <Button variant="light" onClick={() => void autoFill()} disabled={looking}>
              {looking ? 'Looking up...' : 'Auto-fill'}
            </Button>
          </Group>
          {lookupMessage && (
            <Alert color={lookupMessage.ok ? 'teal' : 'yellow'} role="status">
              {lookupMessage.text}
            </Alert>
          )}
          <TextInput label="Port Name" required {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Country"
              required
              maxLength={2}
              placeholder="SG"
              {...form.getInputProps('country')}
              onChange={(e) => form.setFieldValue('country', e.currentTarget.value.toUpperCase())}
            />
            <TextInput label="Region" placeholder="Asia" {...form.getInputProps('region')} />
            <Select
              label="Timezone"
              data={zones}
              searchable
              allowDeselect={false}
              {...form.getInputProps('timezone')}
            />
            <div />
            <TextInput
              label="Latitude"
              inputMode="decimal"
              placeholder="1.2833"
              {...form.getInputProps('lat')}
            />
            <TextInput
              label="Longitude"
              inputMode="decimal"
              placeholder="103.8333"
              {...form.getInputProps('lon')}
            />
          </SimpleGrid>
          <MultiSelect
            label="Suppliers serving this port"
            placeholder={suppliers.data?.length ? 'Choose suppliers' : 'No suppliers yet'}
            data={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.trading_name }))}
            searchable
            {...form.getInputProps('suppliers')}
          />
          <Divider label="Optional: add a new supplier for this port" labelPosition="left" />
          <Text size="xs" c="dimmed">
            The supplier is created only when both a trading name and an e-mail are given.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="New Supplier Trading Name" {...form.getInputProps('new_trading_name')} />
            <TextInput label="New Supplier Email" type="email" {...form.getInputProps('new_email')} />
            <TextInput label="New Supplier Phone" type="tel" {...form.getInputProps('new_phone')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding Port...' : 'Add Port'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
