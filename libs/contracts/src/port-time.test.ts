import { describe, expect, it } from 'vitest';
import { formatPortShort, formatterIn, portDate, type ZoneFormat } from './port-time';

describe('port time in a subject line', () => {
  it('when the port keeps a whole-hour offset, then the time reads in port time with the short offset and no year', () => {
    expect(formatPortShort('2026-11-27T06:00:00Z', 'Asia/Singapore')).toBe('27 Nov 14:00 UTC+8');
    expect(formatPortShort('2026-01-05T15:00:00Z', 'America/Sao_Paulo')).toBe('5 Jan 12:00 UTC-3');
  });

  it('when the port keeps a half-hour offset, then the minutes of the offset are kept', () => {
    expect(formatPortShort('2026-11-27T06:00:00Z', 'Asia/Kolkata')).toBe('27 Nov 11:30 UTC+5:30');
  });

  it('when the port is on UTC, or its zone is unknown, then the time reads in UTC', () => {
    expect(formatPortShort('2026-11-27T06:00:00Z', 'Atlantic/Reykjavik')).toBe('27 Nov 06:00 UTC');
    expect(formatPortShort('2026-11-27T06:00:00Z', null)).toBe('27 Nov 06:00 UTC');
    expect(formatPortShort('2026-11-27T06:00:00Z', 'Not/A_Zone')).toBe('27 Nov 06:00 UTC');
  });

  it('when daylight saving changes the offset, then the offset of that day is shown', () => {
    expect(formatPortShort('2026-07-01T12:00:00Z', 'Europe/Amsterdam')).toBe('1 Jul 14:00 UTC+2');
    expect(formatPortShort('2026-12-01T12:00:00Z', 'Europe/Amsterdam')).toBe('1 Dec 13:00 UTC+1');
  });
});

describe('the day at the port', () => {
  it('when a moment is late evening UTC, then in Singapore it is already the next day, and in UTC it is not', () => {
    const at = new Date('2026-11-25T17:30:00Z');
    expect(portDate(at, 'Asia/Singapore')).toBe('2026-11-26');
    expect(portDate(at, 'America/Chicago')).toBe('2026-11-25');
    expect(portDate(at, null)).toBe('2026-11-25');
    expect(portDate(at, 'Not/AZone')).toBe('2026-11-25');
  });
});

describe('one formatter per format and zone', () => {
  const clock: ZoneFormat = {
    locale: 'en-GB',
    options: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  };

  it('when the same format and zone are asked again, then the formatter made the first time is given, and another zone gets its own', () => {
    const singapore = formatterIn(clock, 'Asia/Singapore');
    expect(formatterIn(clock, 'Asia/Singapore')).toBe(singapore);
    const chicago = formatterIn(clock, 'America/Chicago');
    expect(chicago).not.toBe(singapore);
    const at = new Date('2026-11-25T17:30:00Z');
    expect(singapore.format(at)).toBe('01:30');
    expect(chicago.format(at)).toBe('11:30');
  });

  it('when the zone is unknown, then each ask throws a RangeError', () => {
    expect(() => formatterIn(clock, 'Not/AZone')).toThrow(RangeError);
    expect(() => formatterIn(clock, 'Not/AZone')).toThrow(RangeError);
  });
});
