import { isValidImo } from '@mfd/contracts';

/**
 * Who the seeded desk trades with: fictitious companies at real ports (the product's built-in
 * ones), addresses under .example (RFC 2606: never a real mailbox), vessels with valid IMO check
 * digits made up for the demo.
 */

/** The standard fuels of the product catalogue (FUEL_TYPES), so the Prices page offers each. */
export type Grade = 'VLSFO' | 'HSFO' | 'MGO';

/**
 * What a delivery note reads for each grade, within its ISO 8217 sulphur limit (FUEL_TYPES): density
 * at 15 °C in tenths of kg/m³ and sulphur in thousandths of % m/m, each a range.
 */
export const GRADE_QUALITY: Record<Grade, { density: [number, number]; sulphur: [number, number] }> = {
  VLSFO: { density: [9_300, 9_850], sulphur: [400, 490] },
  HSFO: { density: [9_600, 9_900], sulphur: [2_200, 3_200] },
  MGO: { density: [8_350, 8_700], sulphur: [40, 90] },
};

/** Where prices sat at the start of the year, USD/MT in cents (the market walks from there). */
export const GRADE_BASE_CENTS: Record<Grade, number> = {
  VLSFO: 56_000,
  HSFO: 45_000,
  MGO: 70_000,
};

/** Built-in ports, how often the desk buys there, and their price level against the base (basis points). */
export const PORTS = [
  { unlocode: 'SGSIN', weight: 35, factorBp: 10_000 },
  { unlocode: 'NLRTM', weight: 25, factorBp: 9_700 },
  { unlocode: 'AEJEA', weight: 20, factorBp: 10_100 },
  { unlocode: 'USHOU', weight: 10, factorBp: 10_300 },
  { unlocode: 'CNSHA', weight: 10, factorBp: 10_200 },
] as const;

/** Suppliers: the ports they cover, how they price against the market and how they answer. */
export const SUPPLIERS = [
  {
    name: 'Lion City Bunkering',
    domain: 'lioncity-bunkering.example',
    contact: 'Tan Wei Ming',
    ports: ['SGSIN'],
    biasBp: -80,
    responseRate: 0.9,
    declineRate: 0.05,
  },
  {
    name: 'Straits Marine Fuels',
    domain: 'straits-marinefuels.example',
    contact: 'Nur Aisyah',
    ports: ['SGSIN', 'CNSHA'],
    biasBp: 60,
    responseRate: 0.75,
    declineRate: 0.1,
  },
  {
    name: 'Harbour Energy Asia',
    domain: 'harbour-energy.example',
    contact: 'Chen Jie',
    ports: ['SGSIN', 'CNSHA'],
    biasBp: 150,
    responseRate: 0.6,
    declineRate: 0.15,
  },
  {
    name: 'Maasvlakte Marine Fuels',
    domain: 'maas-marinefuels.example',
    contact: 'Pieter de Vries',
    ports: ['NLRTM'],
    biasBp: -40,
    responseRate: 0.85,
    declineRate: 0.05,
  },
  {
    name: 'Nordsee Bunker Service',
    domain: 'nordsee-bunker.example',
    contact: 'Jan Hoffmann',
    ports: ['NLRTM'],
    biasBp: 90,
    responseRate: 0.7,
    declineRate: 0.1,
  },
  {
    name: 'Gulf Energy Bunkers',
    domain: 'gulf-energy-bunkers.example',
    contact: 'Omar Al Hashimi',
    ports: ['AEJEA'],
    biasBp: 0,
    responseRate: 0.9,
    declineRate: 0.05,
  },
  {
    name: 'Arabian Sea Petroleum',
    domain: 'arabiansea-petroleum.example',
    contact: 'Rashid Khan',
    ports: ['AEJEA'],
    biasBp: 120,
    responseRate: 0.65,
    declineRate: 0.2,
  },
  {
    name: 'Gulf Coast Marine Supply',
    domain: 'gulfcoast-marine.example',
    contact: 'Laura Mitchell',
    ports: ['USHOU'],
    biasBp: 40,
    responseRate: 0.85,
    declineRate: 0.1,
  },
  {
    name: 'Global Bunker Partners',
    domain: 'global-bunker.example',
    contact: 'Sofia Rossi',
    ports: ['SGSIN', 'NLRTM', 'AEJEA', 'USHOU', 'CNSHA'],
    biasBp: 200,
    responseRate: 0.55,
    declineRate: 0.15,
  },
] as const;

export const CUSTOMERS = [
  {
    legal_entity_name: 'Nordic Tankers A/S',
    address: 'Amaliegade 10, 1256 Copenhagen',
    main_phone: '+45 33 44 55 66',
    contact_phone: '+45 33 44 55 67',
    city: 'Copenhagen',
    country: 'DK',
    domain: 'nordic-tankers.example',
    contact: 'Mette Hansen',
    ship_type: 'Tanker',
  },
  {
    legal_entity_name: 'Pacific Container Lines Pte. Ltd.',
    address: '1 Harbourfront Avenue, Singapore 098632',
    main_phone: '+65 6377 8899',
    contact_phone: '+65 6377 8800',
    city: 'Singapore',
    country: 'SG',
    domain: 'pacific-container.example',
    contact: 'Lim Hui Ying',
    ship_type: 'Container Ship',
  },
  {
    legal_entity_name: 'Atlantic Bulk Carriers Inc.',
    address: '80 Broad Street, New York, NY 10004',
    main_phone: '+1 212 555 0147',
    contact_phone: '+1 212 555 0148',
    city: 'New York',
    country: 'US',
    domain: 'atlantic-bulk.example',
    contact: 'James Carter',
    ship_type: 'Bulk Carrier',
  },
  {
    legal_entity_name: 'Hellenic Dry Cargo S.A.',
    address: 'Akti Miaouli 47, 185 36 Piraeus',
    main_phone: '+30 210 412 3456',
    contact_phone: '+30 210 412 3457',
    city: 'Piraeus',
    country: 'GR',
    domain: 'hellenic-drycargo.example',
    contact: 'Nikos Papadakis',
    ship_type: 'Bulk Carrier',
  },
  {
    legal_entity_name: 'Rhine Chemical Shipping B.V.',
    address: 'Wilhelminakade 91, 3072 AP Rotterdam',
    main_phone: '+31 10 440 5566',
    contact_phone: '+31 10 440 5567',
    city: 'Rotterdam',
    country: 'NL',
    domain: 'rhine-chemical.example',
    contact: 'Anke Visser',
    ship_type: 'Chemical Tanker',
  },
  {
    legal_entity_name: 'Arabian Gulf Tankers LLC',
    address: 'Jumeirah Lake Towers, Cluster X, Dubai',
    main_phone: '+971 4 881 2345',
    contact_phone: '+971 4 881 2346',
    city: 'Dubai',
    country: 'AE',
    domain: 'arabiangulf-tankers.example',
    contact: 'Fatima Al Mansoori',
    ship_type: 'Tanker',
  },
] as const;

/** Two vessels per customer, in the customers' order. */
export const VESSEL_NAMES = [
  'Nordic Aurora',
  'Nordic Fjord',
  'Pacific Horizon',
  'Pacific Pearl',
  'Atlantic Spirit',
  'Atlantic Glory',
  'Hellas Star',
  'Aegean Wind',
  'Rhine Voyager',
  'Maas Trader',
  'Gulf Falcon',
  'Desert Pearl',
] as const;

/** The desk: the admin who signs in, and two traders the inquiries are spread over. */
export const TRADERS = [
  { first_name: 'Dana', last_name: 'Desk', role: 'admin' as const },
  { first_name: 'Tom', last_name: 'Trader', role: 'trader' as const },
  { first_name: 'Ana', last_name: 'Broker', role: 'trader' as const },
];

/** A valid IMO number from six digits: the one check digit the product's own rule accepts. */
function imoFrom(six: number): string {
  const digits = String(six).padStart(6, '0');
  return [...'0123456789'].map((d) => `${digits}${d}`).find(isValidImo)!;
}

export const VESSEL_IMOS = VESSEL_NAMES.map((_, i) => imoFrom(930_117 + i * 5_113));
