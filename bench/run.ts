import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatTable, readResults, RESULTS_DIR, type ResultRow } from './results';

/**
 * `npm run bench`: every bench in turn, each in a process of its own, then one table of what
 * they measured against their targets (bench/README.md). `npm run bench -- gateway-overhead`
 * runs only the named ones. Exits 1 when a bench failed or missed a target.
 */
const BENCHES = [
  'port-search',
  'port-import',
  'distribution',
  'gateway-overhead',
  'web-bundle',
  'lighthouse',
  'price-history',
  'inquiry-burst',
  'lists-at-volume',
];

const asked = process.argv.slice(2);
const unknown = asked.filter((b) => !BENCHES.includes(b));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);
  process.exit(2);
}
const chosen = asked.length ? asked : BENCHES;

rmSync(RESULTS_DIR, { recursive: true, force: true });
const failed: ResultRow[] = [];
for (const bench of chosen) {
  const file = resolve(import.meta.dirname, `${bench}.ts`);
  if (!existsSync(file)) continue;
  console.log(`\n=== ${bench}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  // A bench that missed a target says so in its rows; one that wrote none failed to run.
  if (run.status !== 0 && !existsSync(join(RESULTS_DIR, `${bench}.json`)))
    failed.push({
      bench,
      metric: 'run',
      value: run.signal ?? `exit code ${run.status}`,
      target: 'exit code 0',
      pass: false,
    });
}

const rows = [...readResults(), ...failed];
console.log(`\n${formatTable(rows)}`);
if (rows.some((r) => r.pass === false)) process.exitCode = 1;
