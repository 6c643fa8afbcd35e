import { describe, expect, it } from 'vitest';
import { fromHeader, mailFromAddress, senderDisplayName } from './from-header';

describe('who a supplier mail is from', () => {
  it('when trader and company are known, then the display name is "Name (Company) via Marine Fuel Distribution"', () => {
    expect(senderDisplayName({ name: 'Maria Jensen', company: 'Nordic Bunkers' })).toBe(
      'Maria Jensen (Nordic Bunkers) via Marine Fuel Distribution',
    );
  });

  it('when the company is unknown or the same as the person, then it is left out', () => {
    expect(senderDisplayName({ name: 'Maria Jensen', company: null })).toBe(
      'Maria Jensen via Marine Fuel Distribution',
    );
    expect(senderDisplayName({ name: 'Maria Jensen', company: ' maria  JENSEN ' })).toBe(
      'Maria Jensen via Marine Fuel Distribution',
    );
    expect(senderDisplayName({ name: '  ', company: 'Nordic Bunkers' })).toBe(
      'Nordic Bunkers via Marine Fuel Distribution',
    );
  });

  it('when nobody is named, then there is no display name of a sender and From is MAIL_FROM itself', () => {
    expect(senderDisplayName(null)).toBeNull();
    expect(senderDisplayName({ name: null, company: null })).toBeNull();
    expect(fromHeader('MFD <no-reply@mfd.example>', undefined)).toBe('MFD <no-reply@mfd.example>');
  });

  it('when a name is very long, then it is cut with an ellipsis, the platform still named', () => {
    const name = senderDisplayName({ name: 'N'.repeat(300), company: 'C'.repeat(300) })!;
    expect(name).toBe(`${'N'.repeat(63)}… (${'C'.repeat(63)}…) via Marine Fuel Distribution`);
  });

  it('when MAIL_FROM has a display name or none, then the address is the platform address', () => {
    expect(mailFromAddress('Marine Fuel Distribution <no-reply@mfd.example>')).toBe('no-reply@mfd.example');
    expect(mailFromAddress('no-reply@mfd.example')).toBe('no-reply@mfd.example');
    expect(fromHeader('no-reply@mfd.example', { name: 'Maria Jensen', company: 'Nordic Bunkers' })).toEqual({
      name: 'Maria Jensen (Nordic Bunkers) via Marine Fuel Distribution',
      address: 'no-reply@mfd.example',
    });
  });
});
