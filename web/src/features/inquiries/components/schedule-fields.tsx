import { SimpleGrid, TextInput } from '@mantine/core';
import { utcOffsetLabel } from '../../../lib/port-clock';
import { formatUtc, portInputToIso } from '../../../lib/port-time';

export type ScheduleValues = {
  eta: string;
  etb: string;
  etd: string;
};

const FIELDS: { key: keyof ScheduleValues; label: string }[] = [
  { key: 'eta', label: 'ETA' },
  { key: 'etb', label: 'ETB' },
  { key: 'etd', label: 'ETD' },
];

/**
 * ETA, ETB and ETD as date and time at the port, in its own zone; the UTC instant each stands
 * for is shown beneath, so nobody has to work out the offset in their head.
 */
export function ScheduleFields({
  values,
  zone,
  errors,
  onChange,
}: {
  values: ScheduleValues;
  /** The port's zone; null until a port is chosen. */
  zone: string | null;
  errors: Partial<Record<keyof ScheduleValues, string>>;
  onChange: (key: keyof ScheduleValues, value: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {FIELDS.map(({ key, label }) => {
        const iso = zone ? portInputToIso(values[key], zone) : null;
        return (
          <TextInput
            key={key}
            type="datetime-local"
            label={zone ? `${label} (port time, ${utcOffsetLabel(iso, zone)})` : `${label} (port time)`}
            description={
              iso ? formatUtc(iso) : zone ? `Optional · ${zone}` : 'Optional · choose the port first'
            }
            value={values[key]}
            error={errors[key]}
            onChange={(e) => onChange(key, e.currentTarget.value)}
          />
        );
      })}
    </SimpleGrid>
  );
}
