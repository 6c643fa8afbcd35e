/**
 * Times of a port call as a supplier and a trader read them: in the port's own zone, with its UTC
 * offset, and in UTC. Intl only, so the mailer, the services and the web app format alike.
 */

/** A format of a moment at a port, made per zone by `formatterIn`. */
export interface ZoneFormat {
  locale: string;
  options: Intl.DateTimeFormatOptions;
}

const made = new WeakMap<ZoneFormat, Map<string, Intl.DateTimeFormat>>();

/**
 * One formatter per format and zone, made once: building an Intl.DateTimeFormat costs far more
 * than using it (a sixth of the mailer's CPU per mail before), and a list formats once per row.
 * An unknown zone throws a RangeError and is not kept: only real zones (a few hundred) fill it.
 */
export function formatterIn(format: ZoneFormat, zone: string): Intl.DateTimeFormat {
  let byZone = made.get(format);
  if (!byZone) made.set(format, (byZone = new Map()));
  let formatter = byZone.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(format.locale, { ...format.options, timeZone: zone });
    byZone.set(zone, formatter);
  }
  return formatter;
}

const PORT_CLOCK: ZoneFormat = {
  locale: 'en-GB',
  options: {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  },
};

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return formatterIn(PORT_CLOCK, timeZone);
  } catch {
    return null;
  }
}

function parts(at: Date, timeZone: string) {
  const format = formatterFor(timeZone);
  if (!format) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  const byType = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const offset = byType.timeZoneName === 'GMT' ? 'UTC' : String(byType.timeZoneName).replace('GMT', 'UTC');
  return {
    text: `${byType.day} ${byType.month} ${byType.year} ${byType.hour}:${byType.minute}`,
    /** Without the year and the day's leading zero, for a subject line: "5 Nov 14:00". */
    short: `${Number(byType.day)} ${byType.month} ${byType.hour}:${byType.minute}`,
    offset,
  };
}

/** "UTC+08:00" -> "UTC+8", "UTC+05:30" -> "UTC+5:30", "UTC-03:00" -> "UTC-3", "UTC+00:00" -> "UTC". */
function shortOffset(offset: string): string {
  const match = /^UTC([+-])(\d\d):(\d\d)$/.exec(offset);
  if (!match) return offset;
  const [, sign, hours, minutes] = match;
  if (hours === '00' && minutes === '00') return 'UTC';
  return `UTC${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

function validZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  return formatterFor(timeZone) ? timeZone : null;
}

/** "25 Nov 2026 08:00 local (UTC+08:00)", or the UTC form when the zone is unknown. */
export function formatPortLocal(iso: string, timeZone: string | null | undefined): string {
  const at = new Date(iso);
  const zone = validZone(timeZone);
  if (!zone) return formatUtc(iso);
  const local = parts(at, zone);
  return `${local.text} local (${local.offset})`;
}

/** "25 Nov 2026 00:00 UTC". */
export function formatUtc(iso: string): string {
  return `${parts(new Date(iso), 'UTC').text} UTC`;
}

/** Port time and UTC together: "25 Nov 2026 08:00 local (UTC+08:00) / 25 Nov 2026 00:00 UTC". */
export function formatPortAndUtc(
  iso: string | null | undefined,
  timeZone: string | null | undefined,
): string {
  if (!iso) return 'TBD';
  const zone = validZone(timeZone);
  return zone ? `${formatPortLocal(iso, zone)} / ${formatUtc(iso)}` : formatUtc(iso);
}

/**
 * The short port time of a subject line: "27 Nov 14:00 UTC+8" (the port's clock and its offset,
 * no year), or "27 Nov 06:00 UTC" when the zone is unknown.
 */
export function formatPortShort(iso: string, timeZone: string | null | undefined): string {
  const local = parts(new Date(iso), validZone(timeZone) ?? 'UTC');
  return `${local.short} ${shortOffset(local.offset)}`;
}

// en-CA writes dates as YYYY-MM-DD.
const CALENDAR_DAY: ZoneFormat = {
  locale: 'en-CA',
  options: { year: 'numeric', month: '2-digit', day: '2-digit' },
};

/** The calendar day at the port when something happened, "2026-11-25" (UTC's when the zone is unknown). */
export function portDate(at: Date, timeZone: string | null | undefined): string {
  return formatterIn(CALENDAR_DAY, validZone(timeZone) ?? 'UTC').format(at);
}
