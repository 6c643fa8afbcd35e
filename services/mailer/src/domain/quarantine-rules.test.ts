import { describe, expect, it } from 'vitest';
import { quarantineReason } from './quarantine-rules';

const ok = { envelopeRecipients: 1, headerRecipients: 2, spf: 'pass' as const };

describe('which inbound mail is kept apart', () => {
  it('when a mail has few recipients and its SPF passes or cannot be told, then it is taken', () => {
    for (const spf of ['pass', 'none', 'neutral', 'softfail', 'temperror', 'permerror'] as const)
      expect(quarantineReason({ ...ok, spf })).toBeNull();
    expect(quarantineReason({ ...ok, envelopeRecipients: 50, headerRecipients: 50 })).toBeNull();
  });

  it('when SPF fails for the sender domain, then it is kept apart', () => {
    expect(quarantineReason({ ...ok, spf: 'fail' })).toBe('SPF fail for the sender domain');
  });

  it('when the envelope or the headers name more than 50 recipients, then it is kept apart', () => {
    expect(quarantineReason({ ...ok, envelopeRecipients: 51 })).toBe('51 recipients (more than 50)');
    expect(quarantineReason({ ...ok, headerRecipients: 120 })).toBe('120 recipients (more than 50)');
  });
});
