import { describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES, type InquiryStatus } from '@mfd/contracts';
import { InquiryTransitionError, nextStatus, type InquiryAction } from './inquiry-lifecycle';

const ACTIONS: InquiryAction[] = ['edit', 'distribute', 'receive_offer', 'award', 'cancel'];

/** Every allowed move; any pair not listed must be refused. */
const ALLOWED: Record<string, InquiryStatus> = {
  'draft/edit': 'draft',
  'draft/distribute': 'distributed',
  'draft/receive_offer': 'quoting',
  'draft/cancel': 'cancelled',
  'distributed/edit': 'distributed',
  'distributed/distribute': 'distributed',
  'distributed/receive_offer': 'quoting',
  'distributed/cancel': 'cancelled',
  'quoting/edit': 'quoting',
  'quoting/distribute': 'quoting',
  'quoting/receive_offer': 'quoting',
  'quoting/award': 'awarded',
  'quoting/cancel': 'cancelled',
};

describe('inquiry lifecycle', () => {
  for (const from of INQUIRY_STATUSES) {
    for (const action of ACTIONS) {
      const to = ALLOWED[`${from}/${action}`];
      if (to) {
        it(`when a ${from} inquiry is asked to ${action}, then it becomes ${to}`, () => {
          expect(nextStatus(from, action)).toBe(to);
        });
      } else {
        it(`when a ${from} inquiry is asked to ${action}, then the move is refused with a reason`, () => {
          expect(() => nextStatus(from, action)).toThrow(InquiryTransitionError);
          expect(() => nextStatus(from, action)).toThrow(/^This inquiry .+: it .+\.$/);
        });
      }
    }
  }

  it('when an awarded inquiry is edited, then the message says it has been awarded', () => {
    expect(() => nextStatus('awarded', 'edit')).toThrow(
      'This inquiry can no longer be changed: it has been awarded.',
    );
  });
});
