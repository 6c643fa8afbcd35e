import { describe, expect, it } from 'vitest';
import { formatAgo, formatDuration, formatMedianResponse, formatResponseRate } from './durations';

const stats = (inquiries_sent: number, offers: number, median: number | null) => ({
  supplier_id: '0190b4a0-0000-7000-8000-000000000001',
  inquiries_sent,
  offers,
  declines: 0,
  response_rate: inquiries_sent ? offers / inquiries_sent : null,
  median_response_seconds: median,
});

describe('durations', () => {
  it('when something happened under a minute ago, then it reads just now; later, the span and ago', () => {
    expect(formatAgo(0)).toBe('just now');
    expect(formatAgo(59)).toBe('just now');
    expect(formatAgo(60)).toBe('1 m ago');
    expect(formatAgo(3 * 3600 + 5 * 60)).toBe('3 h 5 m ago');
  });

  it('when a span is hours and minutes, then both show, rounded down', () => {
    expect(formatDuration(4800)).toBe('1 h 20 m');
    expect(formatDuration(3 * 3600 + 12 * 60 + 59)).toBe('3 h 12 m');
  });
  it('when a span is whole hours, days or minutes, then no empty unit shows', () => {
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(2 * 86400 + 3 * 3600 + 600)).toBe('2 d 3 h');
    expect(formatDuration(86400)).toBe('1 d');
    expect(formatDuration(45 * 60)).toBe('45 m');
  });
  it('when less than a minute (or nothing) is left, then it says under a minute', () => {
    expect(formatDuration(59)).toBe('< 1 m');
    expect(formatDuration(-30)).toBe('< 1 m');
  });
});

describe('supplier response figures', () => {
  it('when 2 of 3 inquiries got an offer, then the rate reads 67% (2/3)', () => {
    expect(formatResponseRate(stats(3, 2, 4800))).toBe('67% (2/3)');
    expect(formatMedianResponse(stats(3, 2, 4800))).toBe('1 h 20 m');
  });
  it('when nothing was sent or nothing answered, then a dash shows', () => {
    expect(formatResponseRate(stats(0, 0, null))).toBe('—');
    expect(formatResponseRate(undefined)).toBe('—');
    expect(formatResponseRate(stats(2, 0, null))).toBe('0% (0/2)');
    expect(formatMedianResponse(stats(2, 0, null))).toBe('—');
  });
});
