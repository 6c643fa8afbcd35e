import { describe, expect, it } from 'vitest';
import { reportPeriod } from './insights';

describe('the period a report covers', () => {
  const evening = new Date('2026-11-26T17:30:00Z');

  it('when no dates are asked, then it is the 90 days up to today in the report’s time zone', () => {
    // 17:30 UTC is already 01:30 on the 27th in Singapore, still the 26th in Houston (America/Chicago).
    expect(reportPeriod({}, evening, 'Asia/Singapore')).toEqual({ from: '2026-08-30', to: '2026-11-27' });
    expect(reportPeriod({}, evening, 'America/Chicago')).toEqual({ from: '2026-08-29', to: '2026-11-26' });
    expect(reportPeriod({}, evening)).toEqual({ from: '2026-08-29', to: '2026-11-26' });
  });

  it('when dates are asked, then they are kept, and a lone To counts 90 days back from itself', () => {
    expect(reportPeriod({ from: '2026-01-01', to: '2026-02-01' }, evening, 'Asia/Singapore')).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
    });
    expect(reportPeriod({ to: '2026-03-31' }, evening)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
});
