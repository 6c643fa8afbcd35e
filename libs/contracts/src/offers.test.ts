import { describe, expect, it } from 'vitest';
import { distributedMessage } from './offers';

describe('distribution message', () => {
  it('when one supplier was sent the inquiry, then the message says supplier, not suppliers', () => {
    expect(distributedMessage(1)).toBe('Inquiry distributed successfully to 1 supplier!');
    expect(distributedMessage(3)).toBe('Inquiry distributed successfully to 3 suppliers!');
  });
});
