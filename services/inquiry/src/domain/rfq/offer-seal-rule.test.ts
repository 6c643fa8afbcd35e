import { describe, expect, it } from 'vitest';
import { offerSealState } from './offer-seal-rule';

const now = new Date('2030-11-26T10:00:00Z');
const later = new Date('2030-11-26T12:00:00Z');
const latest = new Date('2030-11-26T14:00:00Z');

describe('whether an inquiry’s offers are sealed', () => {
  it('stays sealed before the last reply-by while a supplier has not answered', () => {
    expect(
      offerSealState(
        {
          sealed: true,
          suppliers: [
            { replyBy: later, answered: true },
            { replyBy: latest, answered: false },
          ],
        },
        now,
      ),
    ).toEqual({ sealed: true, opens_at: latest.toISOString(), answered_count: 1, invited_count: 2 });
  });

  it('opens when the last reply-by passes, answered or not', () => {
    const facts = { sealed: true, suppliers: [{ replyBy: later, answered: false }] };
    expect(offerSealState(facts, later).sealed).toBe(false);
    expect(offerSealState(facts, new Date(later.getTime() - 1)).sealed).toBe(true);
  });

  it('opens once every supplier asked has offered or declined', () => {
    const state = offerSealState(
      {
        sealed: true,
        suppliers: [
          { replyBy: later, answered: true },
          { replyBy: latest, answered: true },
        ],
      },
      now,
    );
    expect(state).toMatchObject({ sealed: false, answered_count: 2, invited_count: 2 });
  });

  it('never seals offers no distribution sealed, nor an inquiry sent to nobody', () => {
    expect(offerSealState({ sealed: false, suppliers: [{ replyBy: latest, answered: false }] }, now)).toEqual(
      {
        sealed: false,
        opens_at: null,
        answered_count: 0,
        invited_count: 1,
      },
    );
    expect(offerSealState({ sealed: true, suppliers: [] }, now).sealed).toBe(false);
  });
});
