import { describe, expect, it } from 'vitest';
import { classifyRow, functionError, layoutFrom } from './unlocode-row';

// UNECE's order: Function before Status.
const header = [
  'Change',
  'Country',
  'Location',
  'Name',
  'NameWoDiacritics',
  'Subdivision',
  'Function',
  'Status',
  'Date',
  'IATA',
  'Coordinates',
  'Remarks',
];
const row = (over: Partial<Record<string, string>> = {}) => {
  const base: Record<string, string> = {
    Change: '',
    Country: 'SG',
    Location: 'SIN',
    Name: 'Singapore',
    NameWoDiacritics: 'Singapore',
    Subdivision: '',
    Function: '12345---',
    Status: 'AI',
    Date: '0501',
    IATA: 'SIN',
    Coordinates: '0117N 10350E',
    Remarks: '',
  };
  return header.map((h) => over[h] ?? base[h] ?? '');
};

describe('UN/LOCODE code-list rows', () => {
  const { layout } = layoutFrom(header)!;

  it('when the first record is the code-list header, then columns are found by name; a header-less row means the UNECE order', () => {
    expect(layoutFrom(header)?.isHeader).toBe(true);
    const headerless = layoutFrom(row());
    expect(headerless?.isHeader).toBe(false);
    expect(headerless?.layout.columns).toMatchObject({ function: 6, status: 7 });
    expect(layoutFrom(['name', 'email'])).toBeNull();
  });

  it('when a file names Status before Function in its header, then the columns are read by name', () => {
    const swapped = [
      'Change',
      'Country',
      'Location',
      'Name',
      'NameWoDiacritics',
      'Subdivision',
      'Status',
      'Function',
      'Date',
      'IATA',
      'Coordinates',
      'Remarks',
    ];
    const { layout: byName } = layoutFrom(swapped)!;
    const record = [
      '',
      'NL',
      'RTM',
      'Rotterdam',
      'Rotterdam',
      'ZH',
      'AF',
      '12345---',
      '0501',
      '',
      '5155N 00430E',
      '',
    ];
    expect(classifyRow(record, byName)).toMatchObject({
      kind: 'port',
      port: { functions: '12345---', status: 'AF' },
    });
  });

  it('when a row is a port, then it becomes a port with decimal coordinates and its name as written', () => {
    expect(
      classifyRow(
        row({
          Name: 'Åbenrå',
          NameWoDiacritics: 'Abenra',
          Country: 'DK',
          Location: 'AAB',
          Subdivision: '83',
        }),
        layout,
      ),
    ).toEqual({
      kind: 'port',
      port: {
        unlocode: 'DKAAB',
        name: 'Åbenrå',
        name_ascii: 'Abenra',
        country: 'DK',
        subdivision: '83',
        functions: '12345---',
        status: 'AI',
        lat: 1.2833,
        lon: 103.8333,
      },
    });
  });

  it('when a row is not a port, a country heading, or marked removed, then it is ignored', () => {
    expect(classifyRow(row({ Function: '--3-----' }), layout)).toEqual({ kind: 'ignored' });
    expect(classifyRow(row({ Function: '0--4----' }), layout)).toEqual({ kind: 'ignored' });
    expect(classifyRow(row({ Location: '', Name: '.SINGAPORE', Function: '' }), layout)).toEqual({
      kind: 'ignored',
    });
    expect(classifyRow(row({ Change: 'X' }), layout)).toEqual({ kind: 'ignored' });
  });

  it('when codes are lower case or unknown, then the row is skipped, never corrected', () => {
    expect(classifyRow(row({ Country: 'sg' }), layout)).toMatchObject({
      kind: 'skipped',
      reason: 'country "sg" must be 2 capital letters',
    });
    expect(classifyRow(row({ Location: 'sin' }), layout)).toMatchObject({
      kind: 'skipped',
      reason: 'location "sin" must be 3 capital letters or digits 2-9',
    });
    expect(classifyRow(row({ Country: 'ZZ' }), layout)).toMatchObject({
      kind: 'skipped',
      reason: 'country "ZZ" is not in the ISO 3166 country list',
    });
    expect(classifyRow(row({ Status: 'ZZ' }), layout)).toMatchObject({
      kind: 'skipped',
      unlocode: 'SGSIN',
      reason: 'status "ZZ" is not a UN/LOCODE status indicator',
    });
    expect(classifyRow(row({ Status: '' }), layout)).toMatchObject({ kind: 'port', port: { status: null } });
  });

  it('when the function field is checked, then each position must be its digit or "-"', () => {
    for (const ok of ['12345678', '1-------', '0-------', '-------B', '--3----B'])
      expect(functionError(ok), ok).toBeNull();
    expect(functionError('1-3--Z--')).toBe('function "1-3--Z--" has "Z" at position 6 (allowed: "6" or "-")');
    expect(functionError('1-3')).toBe('function "1-3" must have 8 characters');
    expect(functionError('31------')).toMatch(/has "3" at position 1/);
    expect(functionError('1------A')).toMatch(/position 8 \(allowed: "8" or "B" or "-"\)/);
    // Not a port, but invalid all the same: reported, not ignored.
    expect(classifyRow(row({ Function: '31------' }), layout)).toMatchObject({
      kind: 'skipped',
      unlocode: 'SGSIN',
    });
  });

  it('when a row has too few or too many columns, then it is skipped', () => {
    expect(classifyRow(row().slice(0, 4), layout)).toEqual({
      kind: 'skipped',
      reason: '4 columns, expected 12',
      unlocode: null,
    });
    expect(classifyRow([...row(), 'extra'], layout)).toEqual({
      kind: 'skipped',
      reason: '13 columns, expected 12',
      unlocode: null,
    });
  });

  it('when a port name breaks the rules of a typed one, then the row is skipped with the reason', () => {
    expect(classifyRow(row({ Name: '' }), layout)).toEqual({
      kind: 'skipped',
      reason: 'missing name',
      unlocode: 'SGSIN',
    });
    expect(classifyRow(row({ Name: 'x'.repeat(6000) }), layout)).toMatchObject({
      kind: 'skipped',
      reason: 'Name: Name must be at most 200 characters',
    });
    expect(classifyRow(row({ Name: '=HYPERLINK("http://x")' }), layout)).toMatchObject({
      kind: 'skipped',
      reason: expect.stringMatching(/^Name: .*=, \+, - or @/),
    });
    expect(classifyRow(row({ Name: '@SUM(A1)' }), layout)).toMatchObject({ kind: 'skipped' });
    expect(classifyRow(row({ Name: 'Port <script>alert(1)</script>' }), layout)).toMatchObject({
      kind: 'skipped',
      reason: 'Name: Name must not contain HTML tags',
    });
    expect(classifyRow(row({ Name: 'Port\u0007Bell' }), layout)).toMatchObject({
      kind: 'skipped',
      reason: expect.stringMatching(/^Name: /),
    });
    expect(classifyRow(row({ NameWoDiacritics: '+Singapore' }), layout)).toMatchObject({
      kind: 'skipped',
      reason: expect.stringMatching(/^NameWoDiacritics: /),
    });
  });

  it('when a port row is otherwise broken, then it is skipped with a reason that quotes the cell, cut short', () => {
    expect(classifyRow(row({ Coordinates: '0117N 1035E' }), layout)).toMatchObject({
      kind: 'skipped',
      unlocode: 'SGSIN',
    });
    expect(classifyRow(row({ Location: 'S!N' }), layout)).toMatchObject({
      kind: 'skipped',
      reason: 'location "S!N" must be 3 capital letters or digits 2-9',
    });
    const reason = (classifyRow(row({ Country: 'Q'.repeat(3000) }), layout) as { reason: string }).reason;
    expect(reason.length).toBeLessThan(80);
  });

  it('when there are no coordinates, then the port has none', () => {
    expect(classifyRow(row({ Coordinates: '' }), layout)).toMatchObject({
      kind: 'port',
      port: { lat: null, lon: null },
    });
  });
});
