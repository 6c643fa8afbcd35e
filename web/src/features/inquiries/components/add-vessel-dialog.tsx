import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IMO_MESSAGE, isValidImo, normalizeImo } from '@mfd/contracts';

/**
 * "Add new?" in the vessel box: the trader names the vessel and its IMO for this inquiry. The
 * registry learns it when the inquiry is saved (the directory adds a new IMO from the inquiry's
 * event), so no one needs rights over the shared registry to name a ship.
 */
export function AddVesselDialog({
  opened,
  initialText,
  onClose,
  onAdd,
}: {
  opened: boolean;
  initialText: string;
  onClose: () => void;
  onAdd: (vessel: { name: string; imo: string | null }) => void;
}) {
  const digits = /^\d{7}$/.test(initialText.trim()) ? initialText.trim() : '';
  const form = useForm({
    initialValues: { name: digits ? '' : initialText, imo: digits },
    validate: {
      name: (v) => (v.trim() ? null : 'Vessel name is required'),
      imo: (v) => (!v.trim() || isValidImo(v) ? null : IMO_MESSAGE),
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Add New Vessel">
      <form
        onSubmit={form.onSubmit((v) => {
          onAdd({ name: v.name.trim().toUpperCase(), imo: v.imo.trim() ? normalizeImo(v.imo) : null });
          onClose();
        })}
      >
        <Stack>
          <TextInput label="Vessel Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="IMO Number"
            description="7 digits; the last is a check digit"
            inputMode="numeric"
            {...form.getInputProps('imo')}
          />
          <Text size="sm" c="dimmed">
            The vessel joins the shared register when this inquiry is saved.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Use Vessel</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
