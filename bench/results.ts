import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One figure of a bench for the final table: what was measured, the value, its target and whether it was met. */
export interface ResultRow {
  bench: string;
  metric: string;
  value: number | string;
  /** null for a figure shown for context only. */
  target: string | null;
  pass: boolean | null;
}

/** Every bench writes its rows here (bench/.results/<bench>.json); `npm run bench` empties it first. */
export const RESULTS_DIR = resolve(import.meta.dirname, '.results');

/** Hands a bench's rows to the final table of `npm run bench`, and prints them as that table would. */
export function saveResults(bench: string, rows: Omit<ResultRow, 'bench'>[]): void {
  const full = rows.map((r) => ({ bench, ...r }));
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${bench}.json`), `${JSON.stringify(full, null, 2)}\n`);
  console.log(`\n${formatTable(full)}`);
}

export function readResults(dir = RESULTS_DIR): ResultRow[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ResultRow[]);
}

const COLUMNS = ['bench', 'metric', 'value', 'target', 'result'] as const;
type Cells = Record<(typeof COLUMNS)[number], string>;

export function formatTable(rows: ResultRow[]): string {
  const cells: Cells[] = rows.map((r) => ({
    bench: r.bench,
    metric: r.metric,
    value: String(r.value),
    target: r.target ?? '',
    result: r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL',
  }));
  const header: Cells = {
    bench: 'bench',
    metric: 'metric',
    value: 'value',
    target: 'target',
    result: 'result',
  };
  const width = (k: (typeof COLUMNS)[number]) => Math.max(...[header, ...cells].map((c) => c[k].length));
  const line = (c: Cells) =>
    COLUMNS.map((k) => (k === 'value' ? c[k].padStart(width(k)) : c[k].padEnd(width(k))))
      .join('  ')
      .trimEnd();
  const rule = COLUMNS.map((k) => '-'.repeat(width(k))).join('  ');
  return [line(header), rule, ...cells.map(line)].join('\n');
}
