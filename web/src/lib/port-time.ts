import { formatterIn, type ZoneFormat } from '@mfd/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The wall-clock format of a datetime-local input: 2026-12-10T08:00. */
const INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

/**
 * Times at a port are typed and read in the port's own zone (a vessel's ETA is local time
 * there) and stored as UTC instants; these convert between the two.
 */
export function portInputToIso(local: string, zone: string): string | null {
  if (!local) return null;
  const at = dayjs.tz(local, INPUT_FORMAT, zone);
  return at.isValid() ? at.toISOString() : null;
}

export function isoToPortInput(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  return dayjs(iso).tz(zone).format(INPUT_FORMAT);
}

const WALL_CLOCK: ZoneFormat = {
  locale: 'en-US',
  options: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
};

/** "10 Dec 2026 08:00" in the port's zone. */
export function formatPortTime(iso: string | null | undefined, zone: string): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatterIn(WALL_CLOCK, zone).formatToParts(at)) part[type] = value;
  return `${part.day} ${part.month} ${part.year} ${part.hour}:${part.minute}`;
}

/** Today where the user sits (not UTC's date, a day behind in Asia each evening): the default of a date typed by hand. */
export const localToday = () => dayjs().format('YYYY-MM-DD');

/** "10 Dec 2026 00:00 UTC". */
export function formatUtc(iso: string | null | undefined): string | null {
  if (!iso) return null;
  return `${dayjs(iso).utc().format('D MMM YYYY HH:mm')} UTC`;
}

/** A calendar date (an index's publication day, "2026-11-20") as "20 Nov 2026"; no zone applies. */
export function formatCalendarDate(date: string): string {
  const at = dayjs(date, 'YYYY-MM-DD');
  return at.isValid() ? at.format('D MMM YYYY') : date;
}
