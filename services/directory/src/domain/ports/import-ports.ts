import type { Kysely } from 'kysely';
import { PORT_IMPORT_SKIPS_SHOWN, type PortImportResult } from '@mfd/contracts';
import type { Actor } from '../../data/actor';
import type { DirectoryDB } from '../../data/db';
import { upsertImportedPorts, type ImportedPort } from '../../data/port-import.repository';
import { readCodeList } from './code-list-reader';
import type { PortRow } from './unlocode-row';
import { mergeAndTell } from './port-sharing';
import { portTimezone } from './port-timezone';

type Skip = PortImportResult['skipped'][number];

/** What the reading of the file found: its rows, the first skipped ones for the report, the line of each port. */
interface CheckedFile {
  processed: number;
  ignored: number;
  skipped: Skip[];
  skippedTotal: number;
  /** The line each port is taken from: the first row of its code (a later one is a duplicate). */
  portLines: Map<string, number>;
}

/**
 * Reads the file once, counting its rows and keeping the first skipped ones for the report (a
 * file of bad rows answers a small report, however long it is), and yields each port from the
 * first row of its code.
 */
async function* portsOf(path: string, checked: CheckedFile): AsyncGenerator<PortRow> {
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
      if (seenOn !== undefined) {
        skip({ line: row.line, reason: `duplicate of line ${seenOn}`, unlocode: row.port.unlocode });
        continue;
      }
      checked.portLines.set(row.port.unlocode, row.line);
      yield row.port;
    }
  }
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
 * Imports a UN/LOCODE code list from a file already received in full, so no connection waits on a
 * client: its ports are written in batches inside one transaction, so a failure half-way (a file
 * that turns out not to be a code list included) leaves the port list as it was. The file is read
 * while the batch before is being written. Only ports are kept; a broken row is reported by line
 * and never stops the others; a second import of the same file writes nothing. The transaction
 * lasts as long as reading the file (seconds for the full list), so an edit of a port the import
 * has written waits that long; imports are rare operator work, and all-or-nothing is worth it.
 */
export async function importPorts(
  db: Kysely<DirectoryDB>,
  path: string,
  actor: Actor,
  options: { batchSize?: number } = {},
): Promise<PortImportResult> {
  const batchSize = options.batchSize ?? 5000;
  const checked: CheckedFile = {
    processed: 0,
    ignored: 0,
    skipped: [],
    skippedTotal: 0,
    portLines: new Map(),
  };
  const totals = { inserted: 0, updated: 0, unchanged: 0 };
  await db.transaction().execute(async (trx) => {
    let writing: Promise<void> = Promise.resolve();
    const write = async (batch: ImportedPort[]) => {
      const { inserted, updated } = await upsertImportedPorts(trx, batch, actor);
      totals.inserted += inserted;
      totals.updated += updated;
      totals.unchanged += batch.length - inserted - updated;
    };
    // One batch is written while the next is read; a failed write is thrown at the next wait for it.
    const flush = async (batch: ImportedPort[]) => {
      await writing;
      writing = write(batch);
      writing.catch(() => undefined);
    };
    let batch: ImportedPort[] = [];
    for await (const port of portsOf(path, checked)) {
      batch.push({ ...port, timezone: portTimezone(port.country, port.lat, port.lon) });
      if (batch.length >= batchSize) {
        await flush(batch);
        batch = [];
      }
    }
    await flush(batch);
    await writing;
    // A code the file shares that companies hold as their own ports: those merge into the shared one.
    await mergeAndTell(trx);
  });
  return {
    success: true,
    message: message(checked, totals),
    ...totals,
    total_processed: checked.processed,
    skipped: checked.skipped,
    skipped_total: checked.skippedTotal,
  };
}
