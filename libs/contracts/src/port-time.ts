/**
 * Times of a port call as a supplier and a trader read them: in the port's own zone, with its UTC
 * offset, and in UTC. Intl only, so the mailer, the services and the web app format alike.
 */
/**
 * One formatter per zone, made once: building an Intl.DateTimeFormat costs far more than using it,
 * and a distribution mail formats a handful of times (a sixth of the mailer's CPU per mail before).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'longOffset',
      });
    } catch {
      // Not kept: only real zones (a few hundred) ever fill the map.
      return null;
    }
    formatters.set(timeZone, format);
  }
  return format;
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

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day at the port when something happened, "2026-11-25" (UTC's when the zone is unknown). */
export function portDate(at: Date, timeZone: string | null | undefined): string {
  const zone = validZone(timeZone) ?? 'UTC';
  let format = dayFormatters.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(zone, format);
  }
  return format.format(at);
}
