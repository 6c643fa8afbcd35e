import { describe, expect, it } from 'vitest';
import { resolveReplyBy } from './reply-by';

const HOUR = 3_600_000;
const now = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('reply-by', () => {
  it('when the trader gives none, then it is 24 hours from now', () => {
    expect(resolveReplyBy(null, null, now)).toEqual({ ok: true, replyBy: at(24 * HOUR) });
    expect(resolveReplyBy(null, at(48 * HOUR), now)).toEqual({ ok: true, replyBy: at(24 * HOUR) });
  });

  it('when the vessel arrives within 24 hours, then the default is the ETA', () => {
    expect(resolveReplyBy(null, at(5 * HOUR), now)).toEqual({ ok: true, replyBy: at(5 * HOUR) });
    expect(resolveReplyBy(null, at(24 * HOUR), now)).toEqual({ ok: true, replyBy: at(24 * HOUR) });
  });

  it('when the trader gives a time before the ETA, then it is taken, up to the ETA itself', () => {
    expect(resolveReplyBy(at(HOUR), at(2 * HOUR), now)).toEqual({ ok: true, replyBy: at(HOUR) });
    expect(resolveReplyBy(at(2 * HOUR), at(2 * HOUR), now)).toEqual({ ok: true, replyBy: at(2 * HOUR) });
    expect(resolveReplyBy(at(72 * HOUR), null, now)).toEqual({ ok: true, replyBy: at(72 * HOUR) });
  });

  it('when the time is after the ETA, then it is refused', () => {
    expect(resolveReplyBy(at(2 * HOUR + 1), at(2 * HOUR), now)).toEqual({
      ok: false,
      message: 'Reply by must not be after the vessel’s ETA',
    });
  });

  it('when the time is now or past, then it is refused', () => {
    for (const requested of [now, at(-1)])
      expect(resolveReplyBy(requested, null, now)).toEqual({
        ok: false,
        message: 'Reply by must be in the future',
      });
    expect(resolveReplyBy(at(1), null, now)).toEqual({ ok: true, replyBy: at(1) });
  });

  it('when the ETA has passed, then nothing can be asked for, given or not', () => {
    for (const eta of [now, at(-HOUR)]) {
      expect(resolveReplyBy(null, eta, now).ok).toBe(false);
      expect(resolveReplyBy(at(HOUR), eta, now)).toEqual({
        ok: false,
        message: 'The vessel’s ETA has passed: update the ETA before sending',
      });
    }
  });
});
