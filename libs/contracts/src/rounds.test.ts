import { describe, expect, it } from 'vitest';
import { rankText, roundInput } from './rounds';

describe('negotiation rounds', () => {
  it('when a rank is told, then it reads as an ordinal of the count', () => {
    expect(rankText({ position: 1, of: 1 })).toBe('1st of 1');
    expect(rankText({ position: 2, of: 4 })).toBe('2nd of 4');
    expect(rankText({ position: 3, of: 23 })).toBe('3rd of 23');
    expect(rankText({ position: 11, of: 12 })).toBe('11th of 12');
    expect(rankText({ position: 22, of: 30 })).toBe('22nd of 30');
  });

  it('when a round names no offer or a bad reply-by, then each field says so', () => {
    const res = roundInput.safeParse({ offer_ids: [], reply_by: 'tomorrow', show_rank: 'yes' });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['offer_ids', 'Please select at least one offer'],
      ['reply_by', 'Reply by must be an ISO 8601 date-time'],
      ['show_rank', 'Show rank must be true or false'],
    ]);
  });
});
