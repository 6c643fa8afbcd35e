import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS, parseVesselText, type Port } from '@mfd/contracts';
import { useProducts } from '../../../lib/api/products';
import { AddPortDialog } from '../../../components/add-port-dialog';
import { AutocompleteSearch, ResultLine } from '../../../components/autocomplete-search';
import { CustomerDialog } from '../../../components/customer-dialog';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { portInputToIso } from '../../../lib/port-time';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { searchVessels, useCreateInquiry } from '../api/inquiries';
import { AddVesselDialog } from './add-vessel-dialog';
import { NotesFields } from './notes-fields';
import { CustomerBox, PortBox } from './party-boxes';
import { FuelLinesEditor, newFuelLine, type FuelLineValues } from './fuel-lines-editor';
import { ScheduleFields, type ScheduleValues } from './schedule-fields';

type Values = ScheduleValues & {
  customer_id: string;
  port_id: string;
  vessel_text: string;
  agent_name: string;
  agent_email: string;
  commentary: string;
  supplier_notes: string;
  products: FuelLineValues[];
};

/** A fresh form each time, so each first fuel row has its own key. */
const initialValues = (): Values => ({
  customer_id: '',
  port_id: '',
  vessel_text: '',
  agent_name: '',
  agent_email: '',
  eta: '',
  etb: '',
  etd: '',
  commentary: '',
  supplier_notes: '',
  products: [newFuelLine()],
});

/** Server field names that the form shows under another field. */
const FORM_FIELD: Record<string, string> = {
  customer_company_id: 'customer_id',
  vessel_name: 'vessel_text',
  imo: 'vessel_text',
};

/** Only rows with a fuel type are sent (spec §5); each of them needs both quantities. */
function validate(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.customer_id) errors.customer_id = 'Customer is required';
  if (!v.port_id) errors.port_id = 'Port is required';
  if (!v.vessel_text.trim()) errors.vessel_text = 'Vessel name is required';
  const chosen = v.products.filter((l) => l.product_name);
  if (chosen.length === 0) errors['products.0.product_name'] = 'Choose at least one fuel type';
  v.products.forEach((line, i) => {
    if (!line.product_name) return;
    if (!line.quantity_mt_min) errors[`products.${i}.quantity_mt_min`] = 'Min quantity is required';
    if (!line.quantity_mt_max) errors[`products.${i}.quantity_mt_max`] = 'Max quantity is required';
  });
  return errors;
}

/** Spec §2 "Create form", in place of the inquiry list. */
export function InquiryForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateInquiry();
  const fuelTypes = useProducts();
  const form = useForm<Values>({ initialValues: initialValues(), validate });
  // The port's zone, once a port is chosen: until then a typed time is not yet anywhere's.
  const [zone, setZone] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'customer' | 'port' | 'vessel'; text: string } | null>(null);
  // A dialog's new entry is written into its box by mounting the box afresh with that text.
  const [boxes, setBoxes] = useState({
    customer: { key: 0, text: '' },
    port: { key: 0, text: '' },
    vessel: { key: 0, text: '' },
  });
  // After a success the spec moves on "to supplier selection" after a short pause, so the message can be read.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const redirecting = createdId !== null;
  // Saved once created: the move to the new inquiry does not ask.
  useUnsavedChanges(form.isDirty() && !redirecting);
  useEffect(() => {
    if (!createdId) return;
    const timer = window.setTimeout(
      () => navigate(`/inquiries/${createdId}?tab=suppliers`),
      LIMITS.inquiryRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [createdId, navigate]);

  const choosePort = (port: Pick<Port, 'id' | 'timezone'>) => {
    form.setFieldValue('port_id', port.id);
    setZone(port.timezone);
  };

  const submit = form.onSubmit(async (v) => {
    const vessel = parseVesselText(v.vessel_text);
    try {
      const result = await create.mutateAsync({
        customer_company_id: v.customer_id,
        port_id: v.port_id,
        vessel_name: vessel.name,
        imo: vessel.imo,
        agent_name: v.agent_name || null,
        agent_email: v.agent_email || null,
        eta: portInputToIso(v.eta, zone ?? 'UTC'),
        etb: portInputToIso(v.etb, zone ?? 'UTC'),
        etd: portInputToIso(v.etd, zone ?? 'UTC'),
        commentary: v.commentary || null,
        supplier_notes: v.supplier_notes || null,
        products: v.products
          .filter((l) => l.product_name)
          .map((l) => ({
            product_name: l.product_name,
            iso_spec: l.iso_spec,
            quantity_mt_min: l.quantity_mt_min,
            quantity_mt_max: l.quantity_mt_max,
          })),
      });
      notifySuccess('Inquiry created successfully! Redirecting to supplier selection...');
      setCreatedId(result.id);
    } catch (err) {
      applyServerErrors(form, err, (f) => FORM_FIELD[f] ?? f);
      if (err instanceof ApiError && err.status > 0)
        notifyError(
          `Failed to create inquiry: ${err.detail || 'Unknown error'}`,
          err.status === 400 ? 'Please check the highlighted fields' : undefined,
        );
      else notifyError(`Error creating inquiry: ${err instanceof Error ? err.message : 'Unknown error'}`);
    }
  });

  const lineError = (index: number, field: keyof FuelLineValues) =>
    form.errors[`products.${index}.${field}`] as string | undefined;

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="md">
        Create New Inquiry
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <CustomerBox
            key={`customer-${boxes.customer.key}`}
            initialText={boxes.customer.text}
            onPick={(c) => form.setFieldValue('customer_id', c.id)}
            onClear={() => form.setFieldValue('customer_id', '')}
            onAddNew={(text) => setDialog({ kind: 'customer', text })}
            error={form.errors.customer_id}
          />
          <PortBox
            key={`port-${boxes.port.key}`}
            initialText={boxes.port.text}
            onPick={choosePort}
            onClear={() => {
              form.setFieldValue('port_id', '');
              setZone(null);
            }}
            onAddNew={(text) => setDialog({ kind: 'port', text })}
            error={form.errors.port_id}
          />
          <AutocompleteSearch
            key={`vessel-${boxes.vessel.key}`}
            initialText={boxes.vessel.text}
            label="Vessel Name & IMO"
            required
            placeholder="e.g. MSC OSCAR (IMO: 9703291)"
            queryKey="vessels"
            search={searchVessels}
            itemKey={(v) => v.id}
            itemLabel={(v) => v.display_name}
            renderItem={(v) => <ResultLine title={v.display_name} detail={v.subtitle} />}
            onSelect={(v) => form.setFieldValue('vessel_text', v.display_name)}
            onTextChange={(text) => form.setFieldValue('vessel_text', text)}
            onAddNew={(text) => setDialog({ kind: 'vessel', text })}
            error={form.errors.vessel_text}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Agent Name" {...form.getInputProps('agent_name')} />
            <TextInput label="Agent Email" type="email" {...form.getInputProps('agent_email')} />
          </Group>
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
          <div>
            <Text fw={500} size="sm" mb={4}>
              Fuel Requirements{' '}
              <Text span c="red" aria-hidden>
                *
              </Text>
            </Text>
            <FuelLinesEditor
              lines={form.values.products}
              fuelTypes={(fuelTypes.data ?? []).map((p) => p.code)}
              errorOf={lineError}
              onChange={(lines) => form.setFieldValue('products', lines)}
            />
          </div>
          <NotesFields
            internal={form.getInputProps('commentary')}
            suppliers={form.getInputProps('supplier_notes')}
          />
          {!form.values.customer_id && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Customer Required">
              You must select a valid customer from the autocomplete list before creating an inquiry.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={redirecting}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!form.values.customer_id || redirecting}
            >
              Create Inquiry
            </Button>
          </Group>
        </Stack>
      </form>
      {dialog?.kind === 'customer' && (
        <CustomerDialog
          opened
          initialName={dialog.text}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            setBoxes((b) => ({
              ...b,
              customer: { key: b.customer.key + 1, text: created.legal_entity_name },
            }));
            form.setFieldValue('customer_id', created.id);
          }}
        />
      )}
      {dialog?.kind === 'port' && (
        <AddPortDialog
          opened
          initialText={dialog.text}
          onClose={() => setDialog(null)}
          onCreated={async (created) => {
            setBoxes((b) => ({
              ...b,
              port: { key: b.port.key + 1, text: `${created.name} (${created.unlocode})` },
            }));
            const port = await apiRequest<Port>(`/api/ports/${created.id}`).catch(() => ({
              id: created.id,
              timezone: 'UTC',
            }));
            choosePort(port);
          }}
        />
      )}
      {dialog?.kind === 'vessel' && (
        <AddVesselDialog
          opened
          initialText={dialog.text}
          onClose={() => setDialog(null)}
          onAdd={(vessel) => {
            const text = vessel.imo ? `${vessel.name} (IMO: ${vessel.imo})` : vessel.name;
            setBoxes((b) => ({ ...b, vessel: { key: b.vessel.key + 1, text } }));
            form.setFieldValue('vessel_text', text);
          }}
        />
      )}
    </Card>
  );
}
