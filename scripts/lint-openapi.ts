import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApiDocument } from './openapi-document';

/**
 * Lints the merged API document, as the gateway serves it at /api/docs/openapi.json, with
 * Redocly's recommended rules (redocly.yaml). Redocly itself fails only on errors; here a warning
 * fails too, so the document stays clean. Exits 1 naming each problem.
 */
const root = resolve(import.meta.dirname, '..');
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

interface Report {
  totals: { errors: number; warnings: number };
  problems: Array<{
    ruleId: string;
    severity: string;
    message: string;
    location: Array<{ pointer?: string }>;
  }>;
}

function lint(file: string): Report {
  const run = spawnSync(
    process.execPath,
    [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
    {
      encoding: 'utf8',
      // No usage report and no update check: CI reaches nothing but the npm registry.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint gave no report (exit ${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout.slice(start)) as Report;
}

const document = await buildApiDocument();
const dir = mkdtempSync(join(tmpdir(), 'mfd-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  const { totals, problems } = lint(file);
  for (const p of problems)
    console.error(`${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
  if (totals.errors + totals.warnings > 0) {
    console.error(`The API document has ${totals.errors} error(s) and ${totals.warnings} warning(s).`);
    process.exitCode = 1;
  } else {
    const operations = Object.values(document.paths ?? {}).flatMap((path) => Object.keys(path as object));
    console.log(`API document: ${operations.length} operations pass Redocly's recommended rules.`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
