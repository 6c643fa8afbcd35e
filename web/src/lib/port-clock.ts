import { formatterIn, type ZoneFormat } from '@mfd/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatDuration } from './durations';

dayjs.extend(utc);
dayjs.extend(timezone);

const OFFSET: ZoneFormat = { locale: 'en-GB', options: { timeZoneName: 'shortOffset' } };

/** The zone's offset at that moment as a trader writes it: "UTC+8", "UTC+5:30", "UTC-4", "UTC". */
export function utcOffsetLabel(at: string | Date | null | undefined, zone: string): string {
  const when = at ? new Date(at) : new Date();
  try {
    const part = formatterIn(OFFSET, zone)
      .formatToParts(when)
      .find((p) => p.type === 'timeZoneName');
    if (!part) return zone;
    // ICU builds differ on zero: "GMT" in browsers, "GMT+0" in some Node builds.
    return part.value.replace('GMT', 'UTC').replace(/^UTC[+-]0$/, 'UTC');
  } catch {
    return zone;
  }
}

/** "25 Nov 08:00 (UTC+8)": a moment at the port, short, with the offset it is read in. */
export function formatPortShort(iso: string, zone: string): string {
  return `${dayjs(iso).tz(zone).format('D MMM HH:mm')} (${utcOffsetLabel(iso, zone)})`;
}

/**
 * A wall-clock time typed for the port (a datetime-local value, "2026-11-25T08:00") as ISO 8601
 * with the port's offset ("2026-11-25T08:00:00+08:00"), so the instant sent is the one meant there.
 */
export function portInputToOffsetIso(local: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const at = dayjs.tz(local, 'YYYY-MM-DDTHH:mm', zone);
  return at.isValid() ? at.format('YYYY-MM-DDTHH:mm:ssZ') : null;
}

/** Whether an offer's validity has run out at `now` (no validity given: it never does). */
export function isPast(iso: string | null, now: Date): boolean {
  return iso !== null && new Date(iso).getTime() <= now.getTime();
}

/**
 * An offer's validity as a countdown in port time:
 * "valid until 25 Nov 08:00 (UTC+8) — 3 h 12 m left", or "expired 25 Nov 08:00 (UTC+8)".
 */
export function validityText(
  validUntil: string | null,
  zone: string,
  now: Date,
  /** The server already judged it expired (its clock wins over this screen's). */
  expired = false,
): string {
  if (!validUntil) return expired ? 'expired' : 'no validity given';
  const at = formatPortShort(validUntil, zone);
  const left = (new Date(validUntil).getTime() - now.getTime()) / 1000;
  return left > 0 && !expired ? `valid until ${at} — ${formatDuration(left)} left` : `expired ${at}`;
}
