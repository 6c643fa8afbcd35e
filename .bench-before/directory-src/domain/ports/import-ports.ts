import type { Kysely } from 'kysely';
import { PORT_IMPORT_SKIPS_SHOWN, type PortImportResult } from '@mfd/contracts';
import type { Actor } from '../../data/actor';
import type { DirectoryDB } from '../../data/db';
import { upsertImportedPorts, type ImportedPort } from '../../data/ports.repository';
import { readCodeList } from './code-list-reader';
import { portTimezone } from './port-timezone';

type Skip = PortImportResult['skipped'][number];

/** What a first reading of the file found, before anything is written. */
interface CheckedFile {
  processed: number;
  ignored: number;
  skipped: Skip[];
  skippedTotal: number;
  /** The line each port is taken from: the first row of its code (a later one is a duplicate). */
  portLines: Map<string, number>;
}

/**
 * Reads the whole file once without the database: counts its rows, keeps the first skipped ones
 * for the report (a file of bad rows answers a small report, however long it is) and picks the
 * row each port is taken from.
 */
async function checkCodeList(path: string): Promise<CheckedFile> {
  const checked: CheckedFile = {
    processed: 0,
    ignored: 0,
    skipped: [],
    skippedTotal: 0,
    portLines: new Map(),
  };
  const skip = (entry: Skip) => {
    checked.skippedTotal++;
    if (checked.skipped.length < PORT_IMPORT_SKIPS_SHOWN) checked.skipped.push(entry);
  };
  for await (const row of readCodeList(path)) {
    checked.processed++;
    if (row.kind === 'ignored') checked.ignored++;
    else if (row.kind === 'unreadable') skip({ line: row.line, reason: row.reason, unlocode: null });
    else if (row.kind === 'skipped') skip({ line: row.line, reason: row.reason, unlocode: row.unlocode });
    else {
      const seenOn = checked.portLines.get(row.port.unlocode);
      if (seenOn === undefined) checked.portLines.set(row.port.unlocode, row.line);
      else skip({ line: row.line, reason: `duplicate of line ${seenOn}`, unlocode: row.port.unlocode });
    }
  }
  return checked;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function message(
  checked: CheckedFile,
  totals: { inserted: number; updated: number; unchanged: number },
): string {
  const ports = totals.inserted + totals.updated + totals.unchanged;
  const rest = `${plural(checked.skippedTotal, 'row')} skipped, ${plural(checked.ignored, 'row')} not ${checked.ignored === 1 ? 'a port' : 'ports'}.`;
  if (totals.inserted + totals.updated === 0) {
    const found = ports === 0 ? 'no ports to import' : `all ${plural(ports, 'port')} already up to date`;
    return `No changes: ${found} (${plural(checked.processed, 'row')} read), ${rest}`;
  }
  return (
    `Imported ${plural(ports, 'port')} from ${plural(checked.processed, 'row')}: ` +
    `${totals.inserted} new, ${totals.updated} updated, ${totals.unchanged} unchanged, ${rest}`
  );
}

/**
 * Imports a UN/LOCODE code list from a file already received in full: the file is checked first
 * without the database, then its ports are written in batches inside one transaction, so a
 * failure half-way leaves the port list as it was and no connection waits on a client. Only
 * ports are kept; a broken row is reported by line and never stops the others; a second import
 * of the same file writes nothing.
 */
export async function importPorts(
  db: Kysely<DirectoryDB>,
  path: string,
  actor: Actor,
  options: { batchSize?: number } = {},
): Promise<PortImportResult> {
  const batchSize = options.batchSize ?? 500;
  const checked = await checkCodeList(path);
  const totals = { inserted: 0, updated: 0, unchanged: 0 };
  if (checked.portLines.size > 0) {
    await db.transaction().execute(async (trx) => {
      let batch: ImportedPort[] = [];
      const flush = async () => {
        const { inserted, updated } = await upsertImportedPorts(trx, batch, actor);
        totals.inserted += inserted;
        totals.updated += updated;
        totals.unchanged += batch.length - inserted - updated;
        batch = [];
      };
      for await (const row of readCodeList(path)) {
        if (row.kind !== 'port' || checked.portLines.get(row.port.unlocode) !== row.line) continue;
        const { port } = row;
        batch.push({ ...port, timezone: portTimezone(port.country, port.lat, port.lon) });
        if (batch.length >= batchSize) await flush();
      }
      if (batch.length > 0) await flush();
    });
  }
  return {
    success: true,
    message: message(checked, totals),
    ...totals,
    total_processed: checked.processed,
    skipped: checked.skipped,
    skipped_total: checked.skippedTotal,
  };
}
