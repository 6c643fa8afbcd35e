/** A customer as the Add New Customer dialog sends it. */
export const NEW_CUSTOMER = {
  legal_entity_name: 'Nordic Tankers A/S',
  address: 'Amaliegade 10, Copenhagen',
  city: 'Copenhagen',
  country: 'DK',
  general_email: 'Ops@Nordic-Tankers.example',
  main_phone: '+45 33 44 55 66',
  website: 'nordic-tankers.example',
  contact_name: 'Mette Hansen',
  contact_phone: '+45 33 44 55 67',
  contact_email: 'mette@nordic-tankers.example',
  selling_terms: 'GT&C',
  main_ship_type: 'Tanker',
  type: 'customer',
};

/** Every field of the Edit Customer form, as a full replacement (PUT) sends it. */
export const CUSTOMER_REPLACEMENT = {
  ...NEW_CUSTOMER,
  brand_name: null,
  trading_name: null,
  state_province: null,
  postal_code: null,
  registration_number: null,
  tax_id: null,
  contact_position: null,
  notes: null,
  main_ship_type: 'tanker',
};
