import type { SupplierResponseStats } from '@mfd/contracts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span of time as a trader reads it at a glance: the two largest units, rounded down
 * ("2 d 3 h", "1 h 20 m", "45 m", "< 1 m"). Rounding down keeps a countdown from promising
 * a minute that is no longer there.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < MINUTE) return '< 1 m';
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  const minutes = Math.floor((seconds % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} m` : `${hours} h`;
  return `${minutes} m`;
}

/** How long ago something happened, as a list line says it: "just now" in its first minute, then "12 m ago". */
export function formatAgo(totalSeconds: number): string {
  return totalSeconds < MINUTE ? 'just now' : `${formatDuration(totalSeconds)} ago`;
}

/** "67% (2/3)": offers over inquiries sent, from the counts (not the server's float); "—" before any was sent. */
export function formatResponseRate(stats: SupplierResponseStats | undefined): string {
  if (!stats || stats.inquiries_sent === 0) return '—';
  const percent = Math.round((stats.offers * 100) / stats.inquiries_sent);
  return `${percent}% (${stats.offers}/${stats.inquiries_sent})`;
}

/** The supplier's median time from the first mail to its offer; "—" when it never answered. */
export function formatMedianResponse(stats: SupplierResponseStats | undefined): string {
  if (!stats || stats.median_response_seconds === null) return '—';
  return formatDuration(stats.median_response_seconds);
}
