import { canonicalDecimal, formatPortAndUtc, type RfqChange } from '@mfd/contracts';

export interface FactsLine {
  id: string;
  product_name: string;
  iso_spec: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

/** What a supplier is told of an inquiry; an edit of anything else (customer, agent, internal notes) is not theirs. */
export interface SupplierFacts {
  vessel_name: string;
  imo: string | null;
  port_name: string | null;
  port_unlocode: string | null;
  port_timezone: string | null;
  eta: Date | null;
  etb: Date | null;
  etd: Date | null;
  selling_terms: string | null;
  supplier_notes: string | null;
  lines: FactsLine[];
}

/** The mail takes this many changes; beyond them, the inquiry it carries shows the rest. */
const MAX_CHANGES = 50;

const tonnes = (v: string) => canonicalDecimal(v) ?? v;
const quantity = (l: FactsLine) => `${tonnes(l.quantity_mt_min)}–${tonnes(l.quantity_mt_max)} MT`;
const lineText = (l: FactsLine) => `${quantity(l)} (${l.iso_spec})`;
const port = (f: SupplierFacts) =>
  f.port_name ? (f.port_unlocode ? `${f.port_name} (${f.port_unlocode})` : f.port_name) : 'None';
const time = (at: Date | null, zone: string | null) => formatPortAndUtc(at?.toISOString() ?? null, zone);

function lineChanges(before: FactsLine[], after: FactsLine[]): RfqChange[] {
  const changes: RfqChange[] = [];
  const afterById = new Map(after.map((l) => [l.id, l]));
  const beforeIds = new Set(before.map((l) => l.id));
  for (const was of before) {
    const now = afterById.get(was.id);
    if (!now) {
      changes.push({ label: `${was.product_name} line`, before: lineText(was), after: 'Removed' });
      continue;
    }
    if (now.product_name !== was.product_name)
      changes.push({ label: 'Fuel grade', before: was.product_name, after: now.product_name });
    if (quantity(now) !== quantity(was))
      changes.push({ label: `${now.product_name} quantity`, before: quantity(was), after: quantity(now) });
    if (now.iso_spec !== was.iso_spec)
      changes.push({ label: `${now.product_name} ISO spec`, before: was.iso_spec, after: now.iso_spec });
  }
  for (const added of after.filter((l) => !beforeIds.has(l.id)))
    changes.push({ label: `${added.product_name} line`, before: 'Not requested', after: lineText(added) });
  return changes;
}

/**
 * What changed for the suppliers between two versions of an inquiry, each side formatted as the
 * mail shows it: times in port time and UTC (each side in its own port's zone), quantities as
 * min–max MT. Lines are matched by id, so a line edited in place reads as changed, not replaced.
 */
export function amendmentChanges(before: SupplierFacts, after: SupplierFacts): RfqChange[] {
  const changes: RfqChange[] = [];
  const text = (label: string, was: string | null, now: string | null) => {
    if ((was ?? '') !== (now ?? '')) changes.push({ label, before: was ?? 'None', after: now ?? 'None' });
  };
  text('Vessel', before.vessel_name, after.vessel_name);
  text('IMO', before.imo, after.imo);
  if (port(before) !== port(after)) changes.push({ label: 'Port', before: port(before), after: port(after) });
  for (const [label, key] of [
    ['ETA', 'eta'],
    ['ETB', 'etb'],
    ['ETD', 'etd'],
  ] as const)
    if ((before[key]?.getTime() ?? null) !== (after[key]?.getTime() ?? null))
      changes.push({
        label,
        before: time(before[key], before.port_timezone),
        after: time(after[key], after.port_timezone),
      });
  text('Selling terms', before.selling_terms, after.selling_terms);
  text('Notes for suppliers', before.supplier_notes, after.supplier_notes);
  changes.push(...lineChanges(before.lines, after.lines));
  return changes.slice(0, MAX_CHANGES);
}

/**
 * Which of the inquiry's fields (API names) differ between two versions, and how many fuel lines
 * were added, changed or removed: what the detail page says is waiting for an amendment.
 */
export function changedFacts(before: SupplierFacts, after: SupplierFacts) {
  const fields: string[] = [];
  const same = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');
  if (!same(before.vessel_name, after.vessel_name)) fields.push('vessel_name');
  if (!same(before.imo, after.imo)) fields.push('imo');
  if (port(before) !== port(after)) fields.push('port_id');
  for (const key of ['eta', 'etb', 'etd'] as const)
    if ((before[key]?.getTime() ?? null) !== (after[key]?.getTime() ?? null)) fields.push(key);
  if (!same(before.selling_terms, after.selling_terms)) fields.push('selling_terms');
  if (!same(before.supplier_notes, after.supplier_notes)) fields.push('supplier_notes');
  const afterById = new Map(after.lines.map((l) => [l.id, l]));
  const beforeIds = new Set(before.lines.map((l) => l.id));
  const linesChanged =
    before.lines.filter((was) => {
      const now = afterById.get(was.id);
      return !now || lineChanges([was], [now]).length > 0;
    }).length + after.lines.filter((l) => !beforeIds.has(l.id)).length;
  return { fields, lines_changed: linesChanged };
}
