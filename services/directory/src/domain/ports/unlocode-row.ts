import { parseUnlocodeCoordinates } from './unlocode-coordinates';

/** Column order of the UNECE code list (CSV parts and the "code-list.csv" with a header row). */
export const CODE_LIST_COLUMNS = [
  'change',
  'country',
  'location',
  'name',
  'namewodiacritics',
  'subdivision',
  'status',
  'function',
  'date',
  'iata',
  'coordinates',
  'remarks',
] as const;
type Column = (typeof CODE_LIST_COLUMNS)[number];
export type ColumnMap = Record<Column, number>;

const POSITIONAL: ColumnMap = Object.fromEntries(CODE_LIST_COLUMNS.map((c, i) => [c, i])) as ColumnMap;

/**
 * Reads the first record: a header naming the code-list columns gives their positions; a
 * data row in the official header-less layout means the standard order. Anything else is not
 * a code list.
 */
export function columnsFrom(first: string[]): { columns: ColumnMap; isHeader: boolean } | null {
  const names = first.map((h) => h.trim().toLowerCase().replace(/[^a-z]/g, ''));
  if (names.includes('location') && names.includes('country') && names.includes('function')) {
    const columns = {} as ColumnMap;
    for (const column of CODE_LIST_COLUMNS) {
      const at = names.indexOf(column);
      if (at < 0 && column !== 'remarks' && column !== 'iata' && column !== 'date') return null;
      columns[column] = at;
    }
    return { columns, isHeader: true };
  }
  if (first.length >= 11 && /^[A-Z]{2}$/.test(first[1]?.trim() ?? '')) return { columns: POSITIONAL, isHeader: false };
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

/** Classifies one code-list record. Only entries whose function has "1" (port) first are ports. */
export function classifyRow(record: string[], columns: ColumnMap): RowOutcome {
  const cell = (c: Column) => (columns[c] >= 0 ? (record[columns[c]] ?? '').trim() : '');
  const country = cell('country').toUpperCase();
  const location = cell('location').toUpperCase();
  const name = cell('name');
  if (cell('change').toUpperCase() === 'X') return { kind: 'ignored' };
  if (!location) return { kind: 'ignored' };
  const functions = cell('function');
  if (!functions.startsWith('1')) return { kind: 'ignored' };

  const unlocode = `${country}${location}`;
  if (!/^[A-Z]{2}$/.test(country) || !/^[A-Z2-9]{3}$/.test(location)) {
    return { kind: 'skipped', reason: `invalid UN/LOCODE "${country} ${location}"`, unlocode: null };
  }
  if (!name) return { kind: 'skipped', reason: 'missing name', unlocode };
  const coordinates = parseUnlocodeCoordinates(cell('coordinates'));
  if (coordinates && 'error' in coordinates) return { kind: 'skipped', reason: coordinates.error, unlocode };

  return {
    kind: 'port',
    port: {
      unlocode,
      name,
      name_ascii: cell('namewodiacritics') || name,
      country,
      subdivision: cell('subdivision') || null,
      functions,
      status: cell('status') || null,
      lat: coordinates?.lat ?? null,
      lon: coordinates?.lon ?? null,
    },
  };
}
