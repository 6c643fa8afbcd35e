import { describe, expect, it } from 'vitest';
import { nextStemStatus, StemTransitionError } from './stem-lifecycle';

describe('stem lifecycle', () => {
  it('when a stem goes the whole way, then it moves draft → sent → acknowledged → delivered → invoiced → closed', () => {
    let status = nextStemStatus('draft', 'send');
    expect(status).toBe('sent');
    status = nextStemStatus(status, 'acknowledge');
    expect(status).toBe('acknowledged');
    status = nextStemStatus(status, 'deliver');
    status = nextStemStatus(status, 'invoice');
    expect(nextStemStatus(status, 'close')).toBe('closed');
  });

  it('when the supplier never acknowledges, then a sent stem may still be delivered', () => {
    expect(nextStemStatus('sent', 'deliver')).toBe('delivered');
  });

  it('when an acknowledged stem is sent again, then it waits for the fresh acknowledgement', () => {
    expect(nextStemStatus('acknowledged', 'send')).toBe('sent');
    expect(nextStemStatus('sent', 'send')).toBe('sent');
  });

  it('when clauses change after the first send, then it is refused in words', () => {
    expect(nextStemStatus('draft', 'edit_clauses')).toBe('draft');
    expect(() => nextStemStatus('sent', 'edit_clauses')).toThrow(
      "This stem's clauses can no longer be changed: it has been sent.",
    );
  });

  it('when a step is skipped or the stem is closed, then it is refused', () => {
    expect(() => nextStemStatus('draft', 'deliver')).toThrow(StemTransitionError);
    expect(() => nextStemStatus('delivered', 'close')).toThrow(StemTransitionError);
    expect(() => nextStemStatus('invoiced', 'edit_pricing')).toThrow(StemTransitionError);
    expect(() => nextStemStatus('closed', 'send')).toThrow('This stem cannot be sent: it is closed.');
  });
});
