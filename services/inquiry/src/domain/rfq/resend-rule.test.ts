import { describe, expect, it } from 'vitest';
import { skippedNote, tooSoonToResend } from './resend-rule';

const now = new Date('2030-03-01T10:00:00.000Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('resending an inquiry to an address', () => {
  it('when the address was sent it less than 15 minutes ago, then it is too soon; from 15 minutes on it is not', () => {
    expect(tooSoonToResend(minutesAgo(0), now)).toBe(true);
    expect(tooSoonToResend(new Date(minutesAgo(15).getTime() + 1), now)).toBe(true);
    expect(tooSoonToResend(minutesAgo(15), now)).toBe(false);
    expect(tooSoonToResend(minutesAgo(60), now)).toBe(false);
  });

  it('when addresses are skipped, then the note says how many and why, in the singular for one', () => {
    expect(skippedNote(0, 'already-had')).toBeNull();
    expect(skippedNote(1, 'already-had')).toBe(
      '1 supplier address already had this inquiry and was skipped; send again with resend',
    );
    expect(skippedNote(2, 'too-soon')).toBe(
      '2 supplier addresses were sent this inquiry less than 15 minutes ago and were skipped; send again later',
    );
    expect(skippedNote(1, 'too-soon')).toBe(
      '1 supplier address was sent this inquiry less than 15 minutes ago and was skipped; send again later',
    );
  });
});
