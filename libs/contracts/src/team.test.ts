import { describe, expect, it } from 'vitest';
import { companySettingsUpdate, defaultReferencePrefix, settingsOf } from './team';

describe('reference prefix', () => {
  it('defaults to the first three letters of the company name, upper-cased', () => {
    expect(defaultReferencePrefix('Nordic Bunkers A/S')).toBe('NOR');
    expect(defaultReferencePrefix('A.B. Øresund')).toBe('ABR');
    expect(defaultReferencePrefix('Éclat fuels')).toBe('ECL');
  });

  it('is never shorter than the two characters a prefix needs', () => {
    expect(defaultReferencePrefix('Q')).toBe('QX');
    expect(defaultReferencePrefix('株式会社')).toBe('XX');
  });

  it('takes 2 to 6 capital letters or digits, upper-casing what is typed', () => {
    expect(companySettingsUpdate.shape.reference_prefix.parse(' nb24 ')).toBe('NB24');
    for (const bad of ['N', 'NORDICB', 'NB-1', ''])
      expect(companySettingsUpdate.shape.reference_prefix.safeParse(bad).success).toBe(false);
  });

  it('answers every unset setting by its default', () => {
    expect(
      settingsOf({
        name: 'Nordic Bunkers',
        reference_prefix: null,
        default_reply_by_hours: null,
        default_selling_terms: null,
      }),
    ).toEqual({ reference_prefix: 'NOR', default_reply_by_hours: 24, default_selling_terms: 'GT&C' });
  });
});
