import { describe, expect, it } from 'vitest';
import { amendmentChanges, changedFacts, type SupplierFacts } from './amendments';

const VLSFO = 'a0000000-0000-4000-8000-000000000001';
const MGO = 'a0000000-0000-4000-8000-000000000002';

function facts(extra: Partial<SupplierFacts> = {}): SupplierFacts {
  return {
    vessel_name: 'MSC OSCAR',
    imo: '9703291',
    port_name: 'Singapore',
    port_unlocode: 'SGSIN',
    port_timezone: 'Asia/Singapore',
    eta: new Date('2026-12-10T00:00:00Z'),
    etb: new Date('2026-12-10T04:00:00Z'),
    etd: null,
    selling_terms: 'Delivered',
    supplier_notes: null,
    lines: [
      {
        id: VLSFO,
        product_name: 'VLSFO',
        iso_spec: 'ISO8217:2017',
        quantity_mt_min: '500.0',
        quantity_mt_max: '600.5',
      },
      {
        id: MGO,
        product_name: 'MGO',
        iso_spec: 'ISO8217:2024',
        quantity_mt_min: '50.0',
        quantity_mt_max: '80.0',
      },
    ],
    ...extra,
  };
}

describe('amendment changes', () => {
  it('when nothing a supplier sees changed, then there is no change (numeric text "500.0" equals "500")', () => {
    const same = facts();
    const reread = facts({
      lines: same.lines.map((l) => ({ ...l, quantity_mt_min: l.quantity_mt_min.replace('.0', '') })),
    });
    expect(amendmentChanges(same, reread)).toEqual([]);
  });

  it('when the ETA moves, then the change shows both times in port time and UTC', () => {
    const changes = amendmentChanges(facts(), facts({ eta: new Date('2026-12-11T02:30:00Z') }));
    expect(changes).toEqual([
      {
        label: 'ETA',
        before: '10 Dec 2026 08:00 local (UTC+08:00) / 10 Dec 2026 00:00 UTC',
        after: '11 Dec 2026 10:30 local (UTC+08:00) / 11 Dec 2026 02:30 UTC',
      },
    ]);
  });

  it('when a time is set or cleared, then the missing side reads TBD', () => {
    const changes = amendmentChanges(facts(), facts({ etb: null, etd: new Date('2026-12-12T00:00:00Z') }));
    expect(changes).toEqual([
      { label: 'ETB', before: '10 Dec 2026 12:00 local (UTC+08:00) / 10 Dec 2026 04:00 UTC', after: 'TBD' },
      { label: 'ETD', before: 'TBD', after: '12 Dec 2026 08:00 local (UTC+08:00) / 12 Dec 2026 00:00 UTC' },
    ]);
  });

  it('when the port, vessel and IMO change, then each is listed with its before and after', () => {
    const changes = amendmentChanges(
      facts(),
      facts({
        vessel_name: 'MAERSK ESSEX',
        imo: null,
        port_name: 'Rotterdam',
        port_unlocode: 'NLRTM',
        port_timezone: 'Europe/Amsterdam',
      }),
    );
    expect(changes).toEqual([
      { label: 'Vessel', before: 'MSC OSCAR', after: 'MAERSK ESSEX' },
      { label: 'IMO', before: '9703291', after: 'None' },
      { label: 'Port', before: 'Singapore (SGSIN)', after: 'Rotterdam (NLRTM)' },
    ]);
  });

  it('when fuel lines change, are added or removed, then each line change is named by its grade', () => {
    const before = facts();
    const after = facts({
      lines: [
        { ...before.lines[0]!, quantity_mt_max: '700' },
        {
          id: 'a0000000-0000-4000-8000-000000000003',
          product_name: 'HSFO',
          iso_spec: 'ISO8217:2017',
          quantity_mt_min: '1000',
          quantity_mt_max: '1200',
        },
      ],
    });
    expect(amendmentChanges(before, after)).toEqual([
      { label: 'VLSFO quantity', before: '500–600.5 MT', after: '500–700 MT' },
      { label: 'MGO line', before: '50–80 MT (ISO8217:2024)', after: 'Removed' },
      { label: 'HSFO line', before: 'Not requested', after: '1000–1200 MT (ISO8217:2017)' },
    ]);
  });

  it('when a line changes grade and edition in place, then the grade and the ISO spec are listed', () => {
    const before = facts();
    const after = facts({
      lines: [{ ...before.lines[0]!, product_name: 'ULSFO', iso_spec: 'ISO8217:2024' }, before.lines[1]!],
    });
    expect(amendmentChanges(before, after)).toEqual([
      { label: 'Fuel grade', before: 'VLSFO', after: 'ULSFO' },
      { label: 'ULSFO ISO spec', before: 'ISO8217:2017', after: 'ISO8217:2024' },
    ]);
  });

  it('when the notes for suppliers are written, changed or cleared, then the change shows both texts', () => {
    expect(amendmentChanges(facts(), facts({ supplier_notes: 'Barge <b>only</b>.' }))).toEqual([
      { label: 'Notes for suppliers', before: 'None', after: 'Barge <b>only</b>.' },
    ]);
    expect(amendmentChanges(facts({ supplier_notes: 'Barge only.' }), facts())).toEqual([
      { label: 'Notes for suppliers', before: 'Barge only.', after: 'None' },
    ]);
  });
});

describe('pending changes', () => {
  it('when nothing a supplier sees changed, then no field and no line is pending', () => {
    expect(changedFacts(facts(), facts())).toEqual({ fields: [], lines_changed: 0 });
  });

  it('when the ETA, the port, the notes and two lines change, then the fields are named and a line edited twice counts once', () => {
    const before = facts();
    const after = facts({
      eta: new Date('2026-12-11T02:30:00Z'),
      port_name: 'Rotterdam',
      port_unlocode: 'NLRTM',
      supplier_notes: 'Barge only.',
      lines: [{ ...before.lines[0]!, quantity_mt_max: '700', iso_spec: 'ISO8217:2024' }],
    });
    expect(changedFacts(before, after)).toEqual({
      fields: ['port_id', 'eta', 'supplier_notes'],
      lines_changed: 2,
    });
  });

  it('when a line is added, then it counts as a changed line', () => {
    const before = facts();
    const added = { ...before.lines[1]!, id: 'a0000000-0000-4000-8000-000000000003' };
    expect(changedFacts(before, facts({ lines: [...before.lines, added] }))).toEqual({
      fields: [],
      lines_changed: 1,
    });
  });
});
