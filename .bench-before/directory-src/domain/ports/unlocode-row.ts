import { portName } from '@mfd/contracts';
import { shown } from './quoted-cell';
import { parseUnlocodeCoordinates } from './unlocode-coordinates';
import { UNLOCODE_COUNTRIES, UNLOCODE_STATUSES } from './unlocode-codes';

/**
 * Column order of UNECE's code-list CSV parts, which have no header row: Function comes before
 * Status (the datasets/un-locode package swaps them, so a file with a header is read by name).
 */
export const CODE_LIST_COLUMNS = [
  'change',
  'country',
  'location',
  'name',
  'namewodiacritics',
  'subdivision',
  'function',
  'status',
  'date',
  'iata',
  'coordinates',
  'remarks',
] as const;
type Column = (typeof CODE_LIST_COLUMNS)[number];
export type ColumnMap = Record<Column, number>;

/** How the records of one file are laid out: where each column is and how many a row must have. */
export interface Layout {
  columns: ColumnMap;
  width: number;
}

const POSITIONAL: ColumnMap = Object.fromEntries(CODE_LIST_COLUMNS.map((c, i) => [c, i])) as ColumnMap;
const OPTIONAL_COLUMNS = new Set<Column>(['remarks', 'iata', 'date']);

/**
 * Reads the first record: a header naming the code-list columns gives their positions; a
 * data row in the official header-less layout means the standard order. Anything else is not
 * a code list.
 */
export function layoutFrom(first: string[]): { layout: Layout; isHeader: boolean } | null {
  const names = first.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[^a-z]/g, ''),
  );
  if (names.includes('location') && names.includes('country') && names.includes('function')) {
    const columns = {} as ColumnMap;
    for (const column of CODE_LIST_COLUMNS) {
      const at = names.indexOf(column);
      if (at < 0 && !OPTIONAL_COLUMNS.has(column)) return null;
      columns[column] = at;
    }
    return { layout: { columns, width: first.length }, isHeader: true };
  }
  if (first.length >= 11 && /^[A-Za-z0-9]{1,3}$/.test(first[1]?.trim() ?? '')) {
    return { layout: { columns: POSITIONAL, width: CODE_LIST_COLUMNS.length }, isHeader: false };
  }
  return null;
}

export interface PortRow {
  unlocode: string;
  name: string;
  name_ascii: string;
  country: string;
  subdivision: string | null;
  functions: string;
  status: string | null;
  lat: number | null;
  lon: number | null;
}

export type RowOutcome =
  | { kind: 'port'; port: PortRow }
  /** Not a port, a country heading, or an entry marked for removal: left out, not an error. */
  | { kind: 'ignored' }
  | { kind: 'skipped'; reason: string; unlocode: string | null };

/**
 * The function classifier: 8 characters, position n is the digit n or "-", except that position 1
 * may be "0" (not officially functional) and position 8 may be "B" (border crossing, the former code).
 */
export function functionError(value: string): string | null {
  if (value.length !== 8) return `function ${shown(value)} must have 8 characters`;
  for (let i = 0; i < 8; i++) {
    const allowed = i === 7 ? ['8', 'B', '-'] : i === 0 ? ['1', '0', '-'] : [String(i + 1), '-'];
    if (!allowed.includes(value.charAt(i))) {
      return `function ${shown(value)} has "${value.charAt(i)}" at position ${i + 1} (allowed: ${allowed.map((a) => `"${a}"`).join(' or ')})`;
    }
  }
  return null;
}

function nameError(label: string, value: string): string | null {
  const checked = portName.safeParse(value);
  return checked.success ? null : `${label}: ${checked.error.issues[0]?.message ?? 'invalid'}`;
}

/**
 * Classifies one code-list record. Every entry's codes, function and status are checked (a row
 * that breaks them is reported, port or not); only entries whose function has "1" (port) first
 * become ports, and only theirs names and coordinates matter.
 */
export function classifyRow(record: string[], layout: Layout): RowOutcome {
  const cell = (c: Column) => (layout.columns[c] >= 0 ? (record[layout.columns[c]] ?? '').trim() : '');
  if (record.length !== layout.width) {
    return { kind: 'skipped', reason: `${record.length} columns, expected ${layout.width}`, unlocode: null };
  }
  if (cell('change').toUpperCase() === 'X') return { kind: 'ignored' };
  const country = cell('country');
  const location = cell('location');
  // A country heading (".NETHERLANDS") has no location.
  if (!location) return { kind: 'ignored' };

  if (!/^[A-Z]{2}$/.test(country))
    return { kind: 'skipped', reason: `country ${shown(country)} must be 2 capital letters`, unlocode: null };
  if (!UNLOCODE_COUNTRIES.has(country)) {
    return {
      kind: 'skipped',
      reason: `country ${shown(country)} is not in the ISO 3166 country list`,
      unlocode: null,
    };
  }
  if (!/^[A-Z2-9]{3}$/.test(location)) {
    return {
      kind: 'skipped',
      reason: `location ${shown(location)} must be 3 capital letters or digits 2-9`,
      unlocode: null,
    };
  }
  const unlocode = `${country}${location}`;
  const functions = cell('function');
  const badFunction = functionError(functions);
  if (badFunction) return { kind: 'skipped', reason: badFunction, unlocode };
  const status = cell('status');
  if (status && !UNLOCODE_STATUSES.has(status)) {
    return {
      kind: 'skipped',
      reason: `status ${shown(status)} is not a UN/LOCODE status indicator`,
      unlocode,
    };
  }
  if (!functions.startsWith('1')) return { kind: 'ignored' };

  const name = cell('name');
  if (!name) return { kind: 'skipped', reason: 'missing name', unlocode };
  const nameAscii = cell('namewodiacritics') || name;
  const badName = nameError('Name', name) ?? nameError('NameWoDiacritics', nameAscii);
  if (badName) return { kind: 'skipped', reason: badName, unlocode };
  const subdivision = cell('subdivision');
  if (!/^[A-Z0-9]{0,3}$/.test(subdivision)) {
    return {
      kind: 'skipped',
      reason: `subdivision ${shown(subdivision)} must be up to 3 capital letters or digits`,
      unlocode,
    };
  }
  const coordinates = parseUnlocodeCoordinates(cell('coordinates'));
  if (coordinates && 'error' in coordinates) return { kind: 'skipped', reason: coordinates.error, unlocode };

  return {
    kind: 'port',
    port: {
      unlocode,
      name,
      name_ascii: nameAscii,
      country,
      subdivision: subdivision || null,
      functions,
      status: status || null,
      lat: coordinates?.lat ?? null,
      lon: coordinates?.lon ?? null,
    },
  };
}
