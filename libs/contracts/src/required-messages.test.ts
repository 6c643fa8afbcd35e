import { describe, expect, it } from 'vitest';
import { CUSTOMER_REQUIRED_FIELDS, customerCreate, customerUpdate } from './customers';
import { portInput } from './ports';

/** What a form shows per field: the first message for each (as the forms show it). */
function messages(result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

describe('empty required fields', () => {
  it('when the Add New Customer form is sent empty, then each required field says it is required, nothing else', () => {
    const empty = {
      legal_entity_name: '',
      address: '',
      city: '',
      country: '',
      general_email: '',
      main_phone: '',
      website: '',
      contact_name: '',
      contact_phone: '',
      contact_email: '',
      main_ship_type: '',
    };
    const result = customerCreate.safeParse(empty);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['legal_entity_name', 'Legal entity name is required'],
      ['address', 'Address is required'],
      ['city', 'City is required'],
      ['country', 'Country is required'],
      ['general_email', 'General email is required'],
      ['main_phone', 'Main phone is required'],
      ['contact_name', 'Contact name is required'],
      ['contact_phone', 'Contact phone is required'],
      ['contact_email', 'Contact email is required'],
      ['main_ship_type', 'Main ship type is required'],
    ]);
  });

  const emptyEdit = {
    legal_entity_name: '',
    brand_name: '',
    trading_name: '',
    address: '',
    city: '',
    state_province: '',
    country: '',
    postal_code: '',
    general_email: '',
    main_phone: '',
    website: '',
    registration_number: '',
    tax_id: '',
    contact_name: '',
    contact_position: '',
    contact_email: '',
    contact_phone: '',
    notes: '',
    selling_terms: 'GT&C',
    main_ship_type: '',
  };

  it('when the Add and the Edit Customer forms are sent empty, then both require the same fields', () => {
    const required = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
      (result.error?.issues ?? []).filter((i) => i.message.endsWith(' is required')).map((i) => i.path[0]);
    const added = required(customerCreate.safeParse(emptyEdit));
    expect(added).toEqual([...CUSTOMER_REQUIRED_FIELDS]);
    expect(required(customerUpdate.safeParse(emptyEdit)).sort()).toEqual([...added].sort());
  });

  it('when the Edit Customer form has an empty country and phone, then they say required in its own labels', () => {
    const result = customerUpdate.safeParse({
      ...emptyEdit,
      legal_entity_name: 'Nordic Tankers A/S',
      address: 'Amaliegade 10',
      city: 'Copenhagen',
      general_email: 'ops@nordic.example',
      contact_name: 'Mette Hansen',
      contact_email: 'mette@nordic.example',
      contact_phone: '+45 33 44 55 67',
      main_ship_type: 'tanker',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['country', 'Country is required'],
      ['main_phone', 'Primary phone is required'],
    ]);
    expect(messages(customerUpdate.safeParse({ country: 'Denmark', main_phone: '12' }))).toMatchObject({
      country: 'Country must be a 2-letter ISO country code',
      main_phone: 'Primary phone must be a valid phone number',
    });
  });

  it('when the Add New Port form is sent empty, then UN/LOCODE, name and country say they are required', () => {
    expect(
      messages(portInput.safeParse({ unlocode: '', name: '', country: '', lat: null, lon: null })),
    ).toEqual({
      unlocode: 'UN/LOCODE is required',
      name: 'Name is required',
      country: 'Country is required',
    });
    expect(messages(portInput.safeParse({ unlocode: 'SGS', name: 'X', country: 'S' }))).toMatchObject({
      unlocode: 'Please enter a valid 5-character UN/LOCODE (e.g., SGSIN).',
      country: 'Country must be a 2-letter ISO country code',
    });
  });
});
