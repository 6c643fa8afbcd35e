import { describe, expect, it } from 'vitest';
import { classifyRow, columnsFrom } from './unlocode-row';

const header = ['Change', 'Country', 'Location', 'Name', 'NameWoDiacritics', 'Subdivision', 'Status', 'Function', 'Date', 'IATA', 'Coordinates', 'Remarks'];
const row = (over: Partial<Record<string, string>> = {}) => {
  const base: Record<string, string> = {
    Change: '',
    Country: 'SG',
    Location: 'SIN',
    Name: 'Singapore',
    NameWoDiacritics: 'Singapore',
    Subdivision: '',
    Status: 'AI',
    Function: '12345---',
    Date: '0501',
    IATA: 'SIN',
    Coordinates: '0117N 10350E',
    Remarks: '',
  };
  return header.map((h) => over[h] ?? base[h] ?? '');
};

describe('UN/LOCODE code-list rows', () => {
  const { columns } = columnsFrom(header)!;

  it('when the first record is the code-list header, then columns are found by name; a header-less row means the standard order', () => {
    expect(columnsFrom(header)?.isHeader).toBe(true);
    expect(columnsFrom(row())?.isHeader).toBe(false);
    expect(columnsFrom(['name', 'email'])).toBeNull();
  });

  it('when a row is a port, then it becomes a port with decimal coordinates', () => {
    expect(classifyRow(row({ Name: 'Dürres', NameWoDiacritics: 'Durres', Country: 'al', Location: 'drz' }), columns)).toEqual({
      kind: 'port',
      port: { unlocode: 'ALDRZ', name: 'Dürres', name_ascii: 'Durres', country: 'AL', subdivision: null, functions: '12345---', status: 'AI', lat: 1.2833, lon: 103.8333 },
    });
  });

  it('when a row is not a port, a country heading, or marked removed, then it is ignored', () => {
    expect(classifyRow(row({ Function: '--3-----' }), columns)).toEqual({ kind: 'ignored' });
    expect(classifyRow(row({ Location: '', Name: '.SINGAPORE', Function: '' }), columns)).toEqual({ kind: 'ignored' });
    expect(classifyRow(row({ Change: 'X' }), columns)).toEqual({ kind: 'ignored' });
  });

  it('when a port row is broken, then it is skipped with a reason', () => {
    expect(classifyRow(row({ Coordinates: '0117N 1035E' }), columns)).toMatchObject({ kind: 'skipped', unlocode: 'SGSIN' });
    expect(classifyRow(row({ Name: '' }), columns)).toEqual({ kind: 'skipped', reason: 'missing name', unlocode: 'SGSIN' });
    expect(classifyRow(row({ Location: 'S!N' }), columns)).toMatchObject({ kind: 'skipped', reason: 'invalid UN/LOCODE "SG S!N"' });
  });

  it('when there are no coordinates, then the port has none', () => {
    expect(classifyRow(row({ Coordinates: '' }), columns)).toMatchObject({ kind: 'port', port: { lat: null, lon: null } });
  });
});
