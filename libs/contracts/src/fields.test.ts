import { describe, expect, it } from 'vitest';
import { optionalPhone, optionalText, optionalUrl, requiredEmail } from './fields';
import { signupForm } from './auth';

describe('shared field rules', () => {
  it('when an e-mail has spaces and capitals, then it is trimmed and lower-cased; a bad one names the field', () => {
    expect(requiredEmail().parse('  Ops@Bunkers.COM ')).toBe('ops@bunkers.com');
    expect(requiredEmail('Contact email').safeParse('ops@').error?.issues[0]?.message).toBe('Contact email must be a valid email address');
    expect(requiredEmail().safeParse(undefined).error?.issues[0]?.message).toBe('Email is required');
  });

  it('when a phone number is given, then it is stored internationally; a local one is read as US', () => {
    expect(optionalPhone().parse('+6561234567')).toBe('+65 6123 4567');
    expect(optionalPhone().parse('(212) 555-0123')).toBe('+1 212 555 0123');
    expect(optionalPhone().parse('')).toBeNull();
    expect(optionalPhone().safeParse('12').success).toBe(false);
  });

  it('when a website has no scheme, then https is assumed; other schemes are refused', () => {
    expect(optionalUrl().parse('bunkers.example')).toBe('https://bunkers.example');
    expect(optionalUrl().safeParse('javascript:alert(1)').success).toBe(false);
  });

  it('when optional text is blank, then it is stored as null', () => {
    expect(optionalText('Notes').parse('   ')).toBeNull();
  });

  it('when the two passwords differ, then the sign-up form says so on the confirmation field', () => {
    const result = signupForm.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.co', password: 'longenough', confirmPassword: 'different1' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' })]);
  });
});
