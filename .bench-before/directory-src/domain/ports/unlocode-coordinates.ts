import { shown } from './quoted-cell';

export type Coordinates = { lat: number; lon: number };

const PATTERN = /^(\d{2})(\d{2})([NS])\s+(\d{3})(\d{2})([EW])$/;

function degrees(whole: string, minutes: string, hemisphere: string): number {
  const value = Number(whole) + Number(minutes) / 60;
  const signed = hemisphere === 'S' || hemisphere === 'W' ? -value : value;
  return Math.round(signed * 10_000) / 10_000;
}

/**
 * UN/LOCODE coordinates, "ddmmN dddmmE" (degrees and minutes), to decimal degrees with four
 * decimals. Empty text means no coordinates (null); anything else malformed or out of range is
 * an error with a reason for the import report.
 */
export function parseUnlocodeCoordinates(text: string): Coordinates | null | { error: string } {
  const value = text.trim().toUpperCase();
  if (!value) return null;
  const m = PATTERN.exec(value);
  if (!m) return { error: `coordinates ${shown(text)} are not in the form ddmmN dddmmE` };
  const [, latDeg, latMin, ns, lonDeg, lonMin, ew] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (Number(latMin) >= 60 || Number(lonMin) >= 60)
    return { error: `coordinates ${shown(text)} have minutes of 60 or more` };
  const lat = degrees(latDeg, latMin, ns);
  const lon = degrees(lonDeg, lonMin, ew);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return { error: `coordinates ${shown(text)} are out of range` };
  return { lat, lon };
}
