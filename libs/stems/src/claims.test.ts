import { describe, expect, it } from 'vitest';
import { initialClaimStatus, isClaimOpen, nextClaimStatus, shouldTimeBar } from './claims';

const deadline = '2026-11-27T06:30:00.000Z';
const before = new Date('2026-11-26T00:00:00Z');
const after = new Date('2026-11-27T06:30:00Z');

describe('claim states', () => {
  it('when a claim is raised before its bar, then it is open; after it, time_barred', () => {
    expect(initialClaimStatus(deadline, before)).toBe('open');
    expect(initialClaimStatus(deadline, after)).toBe('time_barred');
  });

  it('when a trader moves a claim, then it goes open -> submitted -> settled | rejected', () => {
    expect(nextClaimStatus('open', 'submitted', deadline, before)).toBe('submitted');
    expect(nextClaimStatus('submitted', 'settled', deadline, after)).toBe('settled');
    expect(nextClaimStatus('submitted', 'rejected', deadline, after)).toBe('rejected');
  });

  it('when a move skips a step or leaves a final state, then it is refused in words', () => {
    expect(() => nextClaimStatus('open', 'settled', deadline, before)).toThrow(
      'A claim that is open can only become submitted.',
    );
    expect(() => nextClaimStatus('settled', 'rejected', deadline, before)).toThrow(
      'This claim is settled and can no longer change.',
    );
    expect(() => nextClaimStatus('submitted', 'time_barred', deadline, before)).toThrow(
      'A claim that is submitted can only become settled or rejected.',
    );
    expect(() => nextClaimStatus('time_barred', 'submitted', deadline, before)).toThrow(
      'This claim is time-barred and can no longer change.',
    );
  });

  it('when an open claim is submitted after its bar, then it is refused as time-barred', () => {
    expect(() => nextClaimStatus('open', 'submitted', deadline, after)).toThrow('time-barred');
  });

  it('when the job looks, then only open claims past their bar are marked', () => {
    expect(shouldTimeBar('open', deadline, after)).toBe(true);
    expect(shouldTimeBar('open', deadline, before)).toBe(false);
    expect(shouldTimeBar('submitted', deadline, after)).toBe(false);
  });

  it('when a stem closes, then open and submitted claims hold it', () => {
    expect(isClaimOpen('open')).toBe(true);
    expect(isClaimOpen('submitted')).toBe(true);
    expect(isClaimOpen('settled')).toBe(false);
    expect(isClaimOpen('time_barred')).toBe(false);
  });
});
