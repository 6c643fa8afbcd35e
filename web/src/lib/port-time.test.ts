import { describe, expect, it } from 'vitest';
import { formatPortTime, formatUtc, isoToPortInput, portInputToIso } from './port-time';

describe('port time', () => {
  it('when 08:00 is typed for Singapore, then the instant stored is 00:00 UTC', () => {
    expect(portInputToIso('2026-12-10T08:00', 'Asia/Singapore')).toBe('2026-12-10T00:00:00.000Z');
  });
  it('when a Rotterdam time falls in summer, then the summer offset applies', () => {
    expect(portInputToIso('2026-07-01T12:00', 'Europe/Amsterdam')).toBe('2026-07-01T10:00:00.000Z');
    expect(portInputToIso('2026-01-01T12:00', 'Europe/Amsterdam')).toBe('2026-01-01T11:00:00.000Z');
  });
  it('when an instant is shown for a port, then it reads in the port zone and in UTC', () => {
    expect(isoToPortInput('2026-12-10T00:00:00.000Z', 'Asia/Singapore')).toBe('2026-12-10T08:00');
    expect(formatPortTime('2026-12-10T00:00:00.000Z', 'America/New_York')).toBe('9 Dec 2026 19:00');
    expect(formatUtc('2026-12-10T00:00:00.000Z')).toBe('10 Dec 2026 00:00 UTC');
  });
  it('when a port time is shown, then it matches the port clock through midnight, DST and half-hour zones', () => {
    const cases: [string, string, string][] = [
      ['2026-12-09T16:00:00.000Z', 'Asia/Singapore', '10 Dec 2026 00:00'],
      ['2026-03-29T00:59:00.000Z', 'Europe/Amsterdam', '29 Mar 2026 01:59'],
      ['2026-03-29T01:00:00.000Z', 'Europe/Amsterdam', '29 Mar 2026 03:00'],
      ['2026-09-01T05:05:00.000Z', 'Asia/Kolkata', '1 Sep 2026 10:35'],
      ['2026-01-01T23:59:00.000Z', 'UTC', '1 Jan 2026 23:59'],
    ];
    for (const [iso, zone, shown] of cases) expect(formatPortTime(iso, zone)).toBe(shown);
  });
  it('when the instant is not a date, then there is no time', () => {
    expect(formatPortTime('not a date', 'UTC')).toBeNull();
  });
  it('when nothing is typed, then there is no time', () => {
    expect(portInputToIso('', 'UTC')).toBeNull();
    expect(isoToPortInput(null, 'UTC')).toBe('');
    expect(formatPortTime(null, 'UTC')).toBeNull();
  });
});
