import { describe, expect, it } from 'vitest';
import { formatPortShort, portInputToOffsetIso, utcOffsetLabel, validityText } from './port-clock';

describe('port clock', () => {
  it('when a zone has a whole, half or no offset, then it reads as UTC±h[:mm]', () => {
    expect(utcOffsetLabel('2026-11-25T00:00:00Z', 'Asia/Singapore')).toBe('UTC+8');
    expect(utcOffsetLabel('2026-11-25T00:00:00Z', 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffsetLabel('2026-07-01T00:00:00Z', 'America/New_York')).toBe('UTC-4');
    expect(utcOffsetLabel('2026-11-25T00:00:00Z', 'UTC')).toBe('UTC');
  });

  it('when 08:00 is typed for Singapore, then the ISO sent carries +08:00 and means 00:00 UTC', () => {
    const iso = portInputToOffsetIso('2026-11-25T08:00', 'Asia/Singapore');
    expect(iso).toBe('2026-11-25T08:00:00+08:00');
    expect(new Date(iso ?? '').toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('when a Rotterdam time is typed in summer and winter, then each gets its own offset', () => {
    expect(portInputToOffsetIso('2026-07-01T12:00', 'Europe/Amsterdam')).toBe('2026-07-01T12:00:00+02:00');
    expect(portInputToOffsetIso('2026-01-01T12:00', 'Europe/Amsterdam')).toBe('2026-01-01T12:00:00+01:00');
  });

  it('when nothing or nonsense is typed, then there is no time', () => {
    expect(portInputToOffsetIso('', 'UTC')).toBeNull();
    expect(portInputToOffsetIso('tomorrow', 'UTC')).toBeNull();
  });

  it('when an offer is valid for 3 h 12 m more, then the countdown reads in port time', () => {
    const now = new Date('2026-11-24T20:48:00Z');
    expect(validityText('2026-11-25T00:00:00Z', 'Asia/Singapore', now)).toBe(
      'valid until 25 Nov 08:00 (UTC+8) — 3 h 12 m left',
    );
  });

  it('when the validity has passed, then it says expired with the time', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    expect(validityText('2026-11-25T00:00:00Z', 'Asia/Singapore', now)).toBe('expired 25 Nov 08:00 (UTC+8)');
    expect(formatPortShort('2026-11-25T00:00:00Z', 'UTC')).toBe('25 Nov 00:00 (UTC)');
  });

  it('when the server says expired though this clock is behind, then it reads expired', () => {
    const now = new Date('2026-11-24T23:59:00Z');
    expect(validityText('2026-11-25T00:00:00Z', 'Asia/Singapore', now, true)).toBe(
      'expired 25 Nov 08:00 (UTC+8)',
    );
  });
});
