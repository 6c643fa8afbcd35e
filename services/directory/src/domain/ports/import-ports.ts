import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import type { Kysely } from 'kysely';
import type { PortImportResult } from '@mfd/contracts';
import type { Actor } from '../../data/actor';
import type { DirectoryDB } from '../../data/db';
import { upsertImportedPorts, type ImportedPort } from '../../data/ports.repository';
import { portTimezone } from './port-timezone';
import { classifyRow, columnsFrom, type ColumnMap } from './unlocode-row';

export class NotACodeListError extends Error {}

type Skip = PortImportResult['skipped'][number];

/**
 * Imports the UNECE code list as it streams in: rows are parsed one by one and written in
 * batches, so memory stays flat whatever the file size and the upload's pace follows the
 * database's. Only ports are kept; a broken row is reported by line and never stops the others;
 * a second import of the same file inserts nothing. The import is one transaction: an upload
 * that breaks off (too large, connection lost) leaves the port list as it was.
 */
export interface ImportOptions {
  batchSize?: number;
  /** Called after the last row, before commit: throwing (e.g. the upload was cut off) rolls it all back. */
  beforeCommit?: () => void;
}

export function importPorts(db: Kysely<DirectoryDB>, input: Readable, actor: Actor, options: ImportOptions = {}): Promise<PortImportResult> {
  return db.transaction().execute(async (trx) => {
    const result = await importInTransaction(trx, input, actor, options.batchSize ?? 500);
    options.beforeCommit?.();
    return result;
  });
}

async function importInTransaction(
  db: Kysely<DirectoryDB>,
  input: Readable,
  actor: Actor,
  batchSize: number,
): Promise<PortImportResult> {
  const skipped: Skip[] = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (err: CsvError | undefined) => {
      const line = Number(err?.lines ?? 0);
      // One malformed record can raise several parse errors: report its line once.
      if (skipped.at(-1)?.line !== line) {
        skipped.push({ line, reason: `unreadable CSV: ${err?.message.split(':')[0] ?? 'malformed row'}`, unlocode: null });
      }
      return undefined;
    },
  });
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);

  let columns: ColumnMap | undefined;
  let processed = 0;
  let ignored = 0;
  const totals = { inserted: 0, updated: 0, unchanged: 0 };
  const firstLine = new Map<string, number>();
  let batch: ImportedPort[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const { inserted, updated } = await upsertImportedPorts(db, batch, actor);
    totals.inserted += inserted;
    totals.updated += updated;
    totals.unchanged += batch.length - inserted - updated;
    batch = [];
  };

  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!columns) {
      const detected = columnsFrom(record);
      if (!detected) {
        input.destroy();
        throw new NotACodeListError('This file is not a UN/LOCODE code list (CSV with the UNECE columns).');
      }
      columns = detected.columns;
      if (detected.isHeader) continue;
    }
    processed++;
    const outcome = classifyRow(record, columns);
    if (outcome.kind === 'ignored') {
      ignored++;
      continue;
    }
    if (outcome.kind === 'skipped') {
      skipped.push({ line: info.lines, reason: outcome.reason, unlocode: outcome.unlocode });
      continue;
    }
    const { port } = outcome;
    const seenOn = firstLine.get(port.unlocode);
    if (seenOn !== undefined) {
      skipped.push({ line: info.lines, reason: `duplicate of line ${seenOn}`, unlocode: port.unlocode });
      continue;
    }
    firstLine.set(port.unlocode, info.lines);
    batch.push({ ...port, timezone: portTimezone(port.lat, port.lon) });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (!columns) throw new NotACodeListError('The file is empty.');

  skipped.sort((a, b) => a.line - b.line);
  const ports = totals.inserted + totals.updated + totals.unchanged;
  return {
    success: true,
    message: `Imported ${ports} ports from ${processed} rows: ${totals.inserted} new, ${totals.updated} updated, ${totals.unchanged} unchanged, ${skipped.length} skipped, ${ignored} not ports.`,
    ...totals,
    total_processed: processed,
    skipped,
  };
}
