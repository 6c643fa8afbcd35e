import { find } from 'geo-tz/all';
import { DEFAULT_TIMEZONE, TIMEZONES } from '@mfd/contracts';

const SPEC_ZONES = new Set<string>(TIMEZONES);

/**
 * The IANA zone of a port from its coordinates: one of the product's twelve zones when it is
 * among those found there, else the first found (geo-tz's full zone set keeps e.g.
 * Europe/Amsterdam distinct). Without coordinates, UTC.
 */
export function portTimezone(lat: number | null, lon: number | null): string {
  if (lat === null || lon === null) return DEFAULT_TIMEZONE;
  const zones = find(lat, lon);
  return zones.find((z) => SPEC_ZONES.has(z)) ?? zones[0] ?? DEFAULT_TIMEZONE;
}
