import { createReadStream } from 'node:fs';
import { parse, type CsvError } from 'csv-parse';
import { classifyRow, layoutFrom, type Layout, type RowOutcome } from './unlocode-row';

export class NotACodeListError extends Error {}

/** A UN/LOCODE row is far under 1 KB; a record past this (a 6,000-character name is still a row to report) means a file that is not a code list. */
export const MAX_RECORD_BYTES = 16 * 1024;

export type ReadRow = { line: number } & (RowOutcome | { kind: 'unreadable'; reason: string });

/**
 * The records of a code-list file as they are classified, with their file line: a header row
 * gives the columns by name, a file without one is read in UNECE's order. A record broken by its
 * quoting is reported and reading goes on; a record over 4 KB stops the whole file at once.
 */
export async function* readCodeList(path: string): AsyncGenerator<ReadRow> {
  const unreadable: { line: number; reason: string }[] = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_BYTES,
    info: true,
    on_skip: (err: CsvError | undefined) => {
      const line = Number(err?.lines ?? 0);
      if (err?.code === 'CSV_MAX_RECORD_SIZE') {
        parser.destroy(
          new NotACodeListError(
            `Line ${line} is longer than ${MAX_RECORD_BYTES / 1024} KB: this is not a UN/LOCODE code list.`,
          ),
        );
        return undefined;
      }
      // One malformed record can raise several parse errors: report its line once.
      if (unreadable.at(-1)?.line !== line) {
        unreadable.push({ line, reason: `unreadable CSV: ${err?.message.split(':')[0] ?? 'malformed row'}` });
      }
      return undefined;
    },
  });
  const input = createReadStream(path);
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);

  let layout: Layout | undefined;
  let reported = 0;
  // The parser reports a broken record before it hands over the record ahead of it: keep line order.
  const pending = function* (before = Infinity) {
    while (reported < unreadable.length && unreadable[reported]!.line < before) {
      const { line, reason } = unreadable[reported++]!;
      yield { line, kind: 'unreadable' as const, reason };
    }
  };
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield* pending(info.lines);
      if (!layout) {
        const detected = layoutFrom(record);
        if (!detected)
          throw new NotACodeListError('This file is not a UN/LOCODE code list (CSV with the UNECE columns).');
        layout = detected.layout;
        if (detected.isHeader) continue;
      }
      yield { line: info.lines, ...classifyRow(record, layout) };
    }
    yield* pending();
  } finally {
    input.destroy();
  }
  if (!layout) throw new NotACodeListError('The file is empty.');
}
