import { getCountry, getTimezone, getTimezonesForCountry, type Timezone } from 'countries-and-timezones';
import { find } from 'geo-tz/all';
import { DEFAULT_TIMEZONE, TIMEZONES } from '@mfd/contracts';

const SPEC_ZONES = new Set<string>(TIMEZONES);
/** Zone names the runtime treats as canonical (ICU keeps e.g. Europe/Amsterdam, drops Europe/Belfast). */
const RUNTIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/**
 * The country's zones: the canonical ones and the older names the runtime still keeps, which are
 * often the country's own (Europe/Amsterdam for NL, Europe/Mariehamn for AX, where the canonical
 * zone is named after a city of another country).
 */
function zonesOf(country: string): Timezone[] {
  if (!getCountry(country)) return [];
  return (getTimezonesForCountry(country, { deprecated: true }) ?? []).filter(
    (z) => z.name.includes('/') && (!z.deprecated || RUNTIME_ZONES.has(z.name)),
  );
}

/** What `answer` gives for a country, worked out once per known country: an import asks for each of its rows. */
function perCountry<T>(answer: (country: string) => T): (country: string) => T {
  const known = new Map<string, T>();
  return (country) => {
    if (known.has(country)) return known.get(country)!;
    const value = answer(country);
    if (getCountry(country)) known.set(country, value);
    return value;
  };
}

const countryZones = perCountry(zonesOf);

const sameClock = (
  a: Pick<Timezone, 'utcOffset' | 'dstOffset'>,
  b: Pick<Timezone, 'utcOffset' | 'dstOffset'>,
) => a.utcOffset === b.utcOffset && a.dstOffset === b.dstOffset;

/** The zone to show for a set of zones that keep the same clock: a spec zone, else the one named for this country. */
function preferred(zones: Timezone[], country: string): string | undefined {
  const own = (z: Timezone) =>
    z.countries.length === 1 && z.countries[0] === country ? 2 : z.countries[0] === country ? 1 : 0;
  const rank = (z: Timezone) => own(z) * 2 + (z.deprecated ? 0 : 1);
  return (zones.find((z) => SPEC_ZONES.has(z.name)) ?? [...zones].sort((a, b) => rank(b) - rank(a))[0])?.name;
}

/**
 * The country's zone when the whole country keeps one clock (ZA: Africa/Johannesburg; DE, whose
 * Büsingen has its own zone name but Berlin's clock, counts as one); undefined when it has several.
 */
export const countryTimezone = perCountry((country: string): string | undefined => {
  const zones = countryZones(country);
  const first = zones[0];
  if (!first || !zones.every((z) => sameClock(z, first))) return undefined;
  return preferred(zones, country);
});

/**
 * The IANA zone of a port. The coordinates pick among the country's zones; where they point
 * outside the country (UN/LOCODE coordinates are sometimes wrong, e.g. a hemisphere letter),
 * the country is trusted: its one zone, or for a country of several zones the one that keeps
 * the same clock as the place the coordinates name. UTC only when neither tells.
 */
export function portTimezone(country: string, lat: number | null, lon: number | null): string {
  const ofCountry = countryTimezone(country);
  if (lat === null || lon === null) return ofCountry ?? DEFAULT_TIMEZONE;
  const zones = countryZones(country);
  // A country of one zone has it wherever its coordinates point: no map lookup (the costly part) needed.
  if (zones.length === 1 && ofCountry) return ofCountry;
  const found = find(lat, lon);
  if (zones.length === 0) return found.find((z) => SPEC_ZONES.has(z)) ?? found[0] ?? DEFAULT_TIMEZONE;

  const inCountry = zones.filter((z) => found.includes(z.name));
  if (inCountry.length > 0) return preferred(inCountry, country) ?? DEFAULT_TIMEZONE;
  if (ofCountry) return ofCountry;
  const there = found.map((z) => getTimezone(z)).find((z) => z !== null);
  const sameAsThere = there ? zones.filter((z) => sameClock(z, there)) : [];
  return preferred(sameAsThere, country) ?? DEFAULT_TIMEZONE;
}
