import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { IMO_MESSAGE, isValidImo, type InquiryDetail } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatPortTime, formatUtc, isoToPortInput, portInputToIso } from '../../../lib/port-time';
import { formatUsd } from '../../../lib/money';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useUpdateInquiry } from '../api/inquiries';
import { NotesFields } from './notes-fields';
import { CustomerBox, PortBox } from './party-boxes';
import { ScheduleFields } from './schedule-fields';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

/** A saving in words: negative means the award cost more than that figure. */
const savingText = (amount: string, against: string) =>
  amount.startsWith('-')
    ? `${formatUsd(amount.slice(1))} above ${against}`
    : `${formatUsd(amount)} below ${against}`;

/** A time at the port, with the UTC instant beside it. */
function PortTime({ iso, zone }: { iso: string | null; zone: string }) {
  if (!iso) return <>TBD</>;
  return (
    <>
      {formatPortTime(iso, zone)} ({zone}) · {formatUtc(iso)}
    </>
  );
}

const valuesOf = (i: InquiryDetail, zone: string) => ({
  customer_id: i.customer_company_id ?? '',
  port_id: i.port_id ?? '',
  vessel_name: i.vessel_name,
  imo: i.imo ?? '',
  agent_name: i.agent_name ?? '',
  agent_email: i.agent_email ?? '',
  eta: isoToPortInput(i.eta, zone),
  etb: isoToPortInput(i.etb, zone),
  etd: isoToPortInput(i.etd, zone),
  commentary: i.commentary ?? '',
  supplier_notes: i.supplier_notes ?? '',
});

const FORM_FIELD: Record<string, string> = { customer_company_id: 'customer_id' };

/** Spec §2 "Details": the inquiry in view mode, or in edit mode with Save Changes and Cancel. */
export function InquiryDetailsCard({ inquiry, editable }: { inquiry: InquiryDetail; editable: boolean }) {
  const savedZone = inquiry.port_details?.timezone ?? 'UTC';
  // A copy just made opens here in edit mode: its dates are the first thing to set.
  const opensEditing = (useLocation().state as { editDetails?: boolean } | null)?.editDetails === true;
  const [editing, setEditing] = useState(opensEditing);
  const [zone, setZone] = useState(savedZone);
  const update = useUpdateInquiry(inquiry.id);
  const form = useForm({
    initialValues: valuesOf(inquiry, savedZone),
    validate: {
      vessel_name: (v) => (v.trim() ? null : 'Vessel name is required'),
      imo: (v) => (!v.trim() || isValidImo(v) ? null : IMO_MESSAGE),
      customer_id: (v) => (v ? null : 'Customer is required'),
      port_id: (v) => (v ? null : 'Port is required'),
    },
  });

  useUnsavedChanges(editing && editable && form.isDirty());

  const startEditing = () => {
    form.setValues(valuesOf(inquiry, savedZone));
    form.resetDirty();
    setZone(savedZone);
    setEditing(true);
  };

  const save = form.onSubmit(async (v) => {
    try {
      await update.mutateAsync({
        customer_company_id: v.customer_id,
        port_id: v.port_id,
        vessel_name: v.vessel_name,
        imo: v.imo || null,
        agent_name: v.agent_name || null,
        agent_email: v.agent_email || null,
        eta: portInputToIso(v.eta, zone),
        etb: portInputToIso(v.etb, zone),
        etd: portInputToIso(v.etd, zone),
        commentary: v.commentary || null,
        supplier_notes: v.supplier_notes || null,
      });
      notifySuccess('Inquiry updated successfully!');
      setEditing(false);
    } catch (err) {
      applyServerErrors(form, err, (f) => FORM_FIELD[f] ?? f);
      notifyError(`Error updating inquiry: ${errorDetail(err, 'Unknown error')}`);
    }
  });

  // An inquiry cancelled meanwhile is read-only: its edit form closes.
  if (!editing || !editable) {
    return (
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            Inquiry Details
          </Title>
          {editable && (
            <Button size="xs" variant="light" onClick={startEditing}>
              Edit
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label="Vessel">{inquiry.vessel_name}</Fact>
          <Fact label="IMO">{inquiry.imo}</Fact>
          <Fact label="Customer">{inquiry.customer_details?.legal_entity_name}</Fact>
          <Fact label="Port">
            {inquiry.port_details ? `${inquiry.port_details.name} (${inquiry.port_details.unlocode})` : null}
          </Fact>
          <Fact label="ETA">
            <PortTime iso={inquiry.eta} zone={savedZone} />
          </Fact>
          <Fact label="ETB">
            <PortTime iso={inquiry.etb} zone={savedZone} />
          </Fact>
          <Fact label="ETD">
            <PortTime iso={inquiry.etd} zone={savedZone} />
          </Fact>
          <Fact label="Agent">{[inquiry.agent_name, inquiry.agent_email].filter(Boolean).join(' · ')}</Fact>
        </SimpleGrid>
        <Stack mt="md" gap={4}>
          <Fact label="Additional Notes (internal)">{inquiry.commentary}</Fact>
          <Fact label="Notes for Suppliers">{inquiry.supplier_notes}</Fact>
          {inquiry.cancel_reason && <Fact label="Cancellation reason">{inquiry.cancel_reason}</Fact>}
          {inquiry.savings && (
            <Fact label="Savings (landed cost)">
              {`The award is ${savingText(inquiry.savings.vs_average_usd, 'the average offer')} and ${savingText(inquiry.savings.vs_highest_usd, 'the highest')}.`}
            </Fact>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Edit Inquiry
      </Title>
      <form onSubmit={save} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Vessel Name" required {...form.getInputProps('vessel_name')} />
            <TextInput label="IMO" {...form.getInputProps('imo')} />
            <CustomerBox
              initialText={inquiry.customer_name ?? ''}
              onPick={(c) => form.setFieldValue('customer_id', c.id)}
              onClear={() => form.setFieldValue('customer_id', '')}
              error={form.errors.customer_id}
            />
            <PortBox
              initialText={
                inquiry.port_details ? `${inquiry.port_details.name} (${inquiry.port_details.unlocode})` : ''
              }
              onPick={(p) => {
                form.setFieldValue('port_id', p.id);
                setZone(p.timezone);
              }}
              onClear={() => form.setFieldValue('port_id', '')}
              error={form.errors.port_id}
            />
            <TextInput label="Agent Name" {...form.getInputProps('agent_name')} />
            <TextInput label="Agent Email" type="email" {...form.getInputProps('agent_email')} />
          </SimpleGrid>
          <ScheduleFields
            values={form.values}
            zone={zone}
            errors={{
              eta: form.errors.eta as string,
              etb: form.errors.etb as string,
              etd: form.errors.etd as string,
            }}
            onChange={(key, value) => form.setFieldValue(key, value)}
          />
          <NotesFields
            internal={form.getInputProps('commentary')}
            suppliers={form.getInputProps('supplier_notes')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
