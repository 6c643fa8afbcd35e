import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { baseConfig } from '@mfd/service-kit';
import { directoryConfig } from '../services/directory/src/config';
import { identityConfig } from '../services/identity/src/config';
import { inquiryConfig } from '../services/inquiry/src/config';
import { mailerConfig } from '../services/mailer/src/config';

/**
 * `npm test` proves that the tests leave the database a user runs alone: `record` before the tests
 * fingerprints what `npm start` would use (PG_URL, by default postgres://postgres@127.0.0.1:5432/test,
 * with each service's default schema), `check` after them compares and fails naming each change.
 * Tests and benches work in schemas of their own (t_…, e2e_…, security_…, stack_…, bench_…) or in
 * containers; a test that fell back on a default schema, or wrote into the reference data every
 * company sees, shows up here.
 *
 * The fingerprint: for public and each default schema, whether it exists and its tables (so a test
 * creating the schema, or a table inside one, is caught), and the rows of the shared reference
 * tables (ports, products, vessels) as a count and an md5 of their text. Tables a user's own
 * `npm start` changes as it runs (accounts, inquiries, outboxes) are left out, so a running
 * product does not fail the check.
 */
const SCHEMAS = [
  'public',
  ...[identityConfig, directoryConfig, inquiryConfig, mailerConfig].map((c) =>
    c.shape.DB_SCHEMA.parse(undefined),
  ),
];
const SHARED_TABLES = [
  ['directory', 'ports'],
  ['directory', 'products'],
  ['directory', 'vessels'],
] as const;
const FILE = resolve(import.meta.dirname, '..', '.e2e-artifacts', 'default-db-fingerprint.json');

type Fingerprint = Record<string, string>;

async function fingerprint(url: string): Promise<Fingerprint | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const found: Fingerprint = {};
    for (const schema of SCHEMAS) {
      const { rows } = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = $1 order by table_name`,
        [schema],
      );
      const { rowCount } = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
      found[`schema ${schema}`] = rowCount
        ? `tables: ${rows.map((r) => r.table_name).join(', ') || 'none'}`
        : 'absent';
    }
    for (const [schema, table] of SHARED_TABLES) {
      const name = `${schema}.${table}`;
      const { rows } = await client.query<{ exists: boolean }>(
        'select to_regclass($1) is not null as exists',
        [name],
      );
      if (!rows[0]?.exists) continue;
      const digest = await client.query<{ n: number; md5: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
         from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)} t`,
      );
      const { n, md5 } = digest.rows[0]!;
      found[`rows of ${name}`] = `${n} rows, md5 ${md5}`;
    }
    return found;
  } finally {
    await client.end();
  }
}

/** Every entry that differs, as "what: before -> after". */
function changes(before: Fingerprint, after: Fingerprint): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key}: ${before[key] ?? 'absent'} -> ${after[key] ?? 'absent'}`);
}

const url = baseConfig.shape.PG_URL.parse(process.env.PG_URL);
const where = url.replace(/\/\/[^@/]*@/, '//');
const [command] = process.argv.slice(2);
if (command === 'record') {
  const found = await fingerprint(url);
  mkdirSync(dirname(FILE), { recursive: true });
  writeFileSync(FILE, JSON.stringify({ url: where, fingerprint: found }, null, 2));
  console.log(
    found
      ? `default database ${where}: fingerprint recorded (${Object.keys(found).length} entries)`
      : `default database ${where} does not answer: nothing to guard`,
  );
} else if (command === 'check') {
  const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as { fingerprint: Fingerprint | null };
  const found = await fingerprint(url);
  if (recorded.fingerprint === null || found === null) {
    console.log(`default database ${where} did not answer before or after the tests: nothing to compare`);
  } else {
    const changed = changes(recorded.fingerprint, found);
    if (changed.length > 0) {
      console.error(
        `The tests changed the default database ${where}, which \`npm start\` uses:\n  ${changed.join('\n  ')}\n` +
          'Every test and bench must use schemas of its own (libs/testing serviceTestEnv, scripts/test-stack.ts).',
      );
      process.exitCode = 1;
    } else console.log(`default database ${where}: unchanged by the tests`);
  }
} else {
  console.error('usage: tsx scripts/default-db-guard.ts record|check');
  process.exitCode = 2;
}
