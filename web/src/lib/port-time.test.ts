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
  it('when nothing is typed, then there is no time', () => {
    expect(portInputToIso('', 'UTC')).toBeNull();
    expect(isoToPortInput(null, 'UTC')).toBe('');
    expect(formatPortTime(null, 'UTC')).toBeNull();
  });
});
