import { describe, expect, it } from 'vitest';
import { operatorStanding } from './operators';

const listed = ['ops@marinefuel.example'];
const verified = new Date('2026-01-01T00:00:00Z');

describe('operator standing', () => {
  it('when an account is neither granted nor listed, then it is no operator, verified or not', () => {
    expect(
      operatorStanding({ email: 'a@b.example', operator: false, email_verified_at: verified }, listed),
    ).toBe('none');
  });

  it('when an account is listed (in any letter case) or granted, then it is an operator only with a verified mailbox', () => {
    expect(
      operatorStanding({ email: 'Ops@MarineFuel.example', operator: false, email_verified_at: null }, listed),
    ).toBe('awaiting-proof');
    expect(
      operatorStanding(
        { email: 'Ops@MarineFuel.example', operator: false, email_verified_at: verified },
        listed,
      ),
    ).toBe('operator');
    expect(operatorStanding({ email: 'a@b.example', operator: true, email_verified_at: null }, listed)).toBe(
      'awaiting-proof',
    );
    expect(operatorStanding({ email: 'a@b.example', operator: true, email_verified_at: verified }, [])).toBe(
      'operator',
    );
  });
});
