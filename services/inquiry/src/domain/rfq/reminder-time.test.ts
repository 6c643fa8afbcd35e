import { describe, expect, it } from 'vitest';
import { reminderTime } from './reminder-time';

const now = new Date('2030-11-26T10:00:00Z');
const replyBy = new Date('2030-11-26T12:00:00Z');

describe('when a reminder is due', () => {
  it('is the reply-by minus the minutes asked for', () => {
    expect(reminderTime(replyBy, 30, now)).toEqual({ ok: true, at: new Date('2030-11-26T11:30:00Z') });
    expect(reminderTime(replyBy, 1, now)).toEqual({ ok: true, at: new Date('2030-11-26T11:59:00Z') });
  });

  it('is none when none was asked for', () => {
    expect(reminderTime(replyBy, null, now)).toEqual({ ok: true, at: null });
  });

  it('is refused when it would be due now or already', () => {
    expect(reminderTime(replyBy, 120, now).ok).toBe(false);
    expect(reminderTime(replyBy, 121, now).ok).toBe(false);
    expect(reminderTime(replyBy, 119, now).ok).toBe(true);
  });
});
