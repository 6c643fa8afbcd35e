import { describe, expect, it } from 'vitest';
import {
  optionalMultilineText,
  optionalPhone,
  optionalText,
  optionalUrl,
  password,
  PATTERN_PASSWORD_MESSAGE,
  requiredEmail,
  requiredPhone,
  requiredText,
  searchText,
} from './fields';
import { signupForm, signupRequest } from './auth';
import { customerCreate, customerListQuery } from './customers';
import { emailSignature } from './profile';
import { portListQuery } from './ports';
import { productInput } from './products';
import { searchQuery } from './common';
import { SHIP_TYPES_CREATE } from './constants';
import { supplierInput, supplierListQuery } from './suppliers';

describe('shared field rules', () => {
  it('when an e-mail has spaces and capitals, then it is trimmed and lower-cased; a bad one names the field', () => {
    expect(requiredEmail().parse('  Ops@Bunkers.COM ')).toBe('ops@bunkers.com');
    expect(requiredEmail('Contact email').safeParse('ops@').error?.issues[0]?.message).toBe(
      'Contact email must be a valid email address',
    );
    expect(requiredEmail().safeParse(undefined).error?.issues[0]?.message).toBe('Email is required');
  });

  it('when a phone number is given, then it is kept as typed (trimmed); a local one is checked as US', () => {
    expect(optionalPhone().parse(' +65 6123 4567 ')).toBe('+65 6123 4567');
    expect(optionalPhone().parse('+6561234567')).toBe('+6561234567');
    expect(optionalPhone().parse('(212) 555-0123')).toBe('(212) 555-0123');
    expect(optionalPhone().parse('+31 10 440 5566')).toBe('+31 10 440 5566');
    expect(optionalPhone().parse('')).toBeNull();
    expect(optionalPhone().safeParse('12').success).toBe(false);
    // Only a number: text around it, or a second line, is refused rather than stored.
    expect(optionalPhone().safeParse('call +65 6123 4567').success).toBe(false);
    expect(optionalPhone().safeParse('+65 6123 4567 <b>').success).toBe(false);
    expect(requiredPhone().safeParse('+65 6123\n4567').success).toBe(false);
  });

  it('when a website has no scheme, then https is assumed; other schemes are refused', () => {
    expect(optionalUrl().parse('bunkers.example')).toBe('https://bunkers.example');
    expect(optionalUrl().safeParse('javascript:alert(1)').success).toBe(false);
  });

  it('when optional text is blank, then it is stored as null', () => {
    expect(optionalText('Notes').parse('   ')).toBeNull();
  });

  it('when the two passwords differ, then the sign-up form says so on the confirmation field', () => {
    const result = signupForm.safeParse({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      password: 'longenough',
      confirmPassword: 'different1',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' }),
    ]);
  });

  it('when a password is one character repeated, a repeated short unit or a straight run, then it is refused saying why', () => {
    for (const weak of [
      'aaaaaaaa',
      '00000000',
      'abababab',
      'abcabcabc',
      'abcdefgh',
      '87654321',
      'qrstuvwxyz',
    ]) {
      expect(
        password.safeParse(weak).error?.issues.map((i) => i.message),
        weak,
      ).toEqual([PATTERN_PASSWORD_MESSAGE]);
    }
    // Too short is said once, not twice.
    expect(password.safeParse('aaaa').error?.issues.map((i) => i.message)).toEqual([
      'Password must be at least 8 characters long',
    ]);
    for (const fine of ['harbour-pilot-42', 'aaaaaaab', 'correct horse battery'])
      expect(password.safeParse(fine).success, fine).toBe(true);
  });

  it('when any text field holds a NUL, then it is refused with a message naming the field', () => {
    expect(requiredText('Company name').safeParse('Acme\u0000').error?.issues[0]?.message).toBe(
      'Company name must be a single line of text without control characters',
    );
    expect(optionalText('Position').safeParse('a\u0000b').success).toBe(false);
    expect(optionalMultilineText('Notes').safeParse('line\u0000').error?.issues[0]?.message).toBe(
      'Notes must not contain control characters',
    );
    expect(searchText().safeParse('\u0000').success).toBe(false);
    expect(optionalUrl().safeParse('https://bunkers.example/\u0000').success).toBe(false);
  });

  it('when a single-line field holds a line break, tab, other control or bidi control, then it is refused', () => {
    const name = requiredText('Name');
    for (const bad of [
      'Maria\nJensen',
      'Maria\rJensen',
      'Maria\tJensen',
      'Maria\u001bJensen',
      'Maria\u007fJensen',
      'Maria\u0085Jensen',
      'Maria\u009bJensen',
      'evil\u202Etxt.exe',
      'a\u202Ab',
      'a\u2066b\u2069',
      'a\u2068b',
      'a\u200Eb',
      'a\u200Fb',
    ]) {
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    // Surrounding whitespace is trimmed, not refused; letters of every script are fine.
    expect(name.parse('  Maria Jensen\n')).toBe('Maria Jensen');
    for (const ok of ['Ålesund Havn', 'محمد العلي', 'שלום', '東京', "O'Brien & Søn — Bunkers"])
      expect(name.parse(ok)).toBe(ok);
  });

  it('when a multi-line field holds line breaks and tabs, then they are kept; NUL, other controls and bidi overrides are not', () => {
    const notes = optionalMultilineText('Notes', 4000);
    expect(notes.parse('First line\r\nSecond\tline')).toBe('First line\r\nSecond\tline');
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\u000bb', 'a\u009bb', 'a\u202Eb', 'a\u2067b'])
      expect(notes.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('when the shared request schemas get a NUL or a line break in a one-line field, then the field is named', () => {
    const fieldsOf = (r: { error?: { issues: { path: PropertyKey[] }[] } }) =>
      r.error?.issues.map((i) => i.path.join('.'));
    expect(
      fieldsOf(
        signupRequest.safeParse({
          first_name: 'Ma\u0000ria',
          last_name: 'Jen\nsen',
          email: 'a@b.co',
          password: 'harbour-pilot-42',
        }),
      ),
    ).toEqual(['first_name', 'last_name']);
    expect(
      fieldsOf(
        emailSignature.safeParse({ full_name: 'A\u202EB', title: 'x\r\ny', additional_info: 'ok\nfine' }),
      ),
    ).toEqual(['full_name', 'title']);
    expect(
      fieldsOf(
        customerCreate.safeParse({
          ...newCustomer,
          legal_entity_name: 'Acme\u0000',
          contact_name: 'Li\nWei',
        }),
      ),
    ).toEqual(['legal_entity_name', 'contact_name']);
    expect(
      fieldsOf(
        supplierInput.safeParse({
          trading_name: 'Trade\nName',
          default_email: 'a@b.co',
          tags: ['ok', 'b\u0000'],
        }),
      ),
    ).toEqual(['trading_name', 'tags.1']);
    expect(
      fieldsOf(
        productInput.safeParse({
          code: 'VLSFO',
          name: 'n\u0000',
          spec_version: 'ISO8217:2017',
          sulfur_max: '0.5',
          aliases: ['a\u0000'],
        }),
      ),
    ).toEqual(['name', 'aliases.0']);
  });

  it('when a search query holds a NUL, then every search schema refuses it naming q', () => {
    for (const schema of [searchQuery, customerListQuery, supplierListQuery, portListQuery]) {
      expect(schema.safeParse({ q: 'sing\u0000' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['q']);
      expect(schema.safeParse({ q: 'Ålesund' }).success).toBe(true);
    }
    expect(
      portListQuery.safeParse({ country: '\u0000S' }).error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['country']);
  });
});

const newCustomer = {
  legal_entity_name: 'Acme Shipping Ltd',
  address: '1 Harbour Road',
  city: 'Singapore',
  country: 'SG',
  general_email: 'ops@acme.example',
  main_phone: '+65 6123 4567',
  contact_name: 'Li Wei',
  contact_phone: '+65 6123 4568',
  contact_email: 'li@acme.example',
  main_ship_type: SHIP_TYPES_CREATE[0],
};
