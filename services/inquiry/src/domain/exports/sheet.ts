import ExcelJS from 'exceljs';
import { neutraliseSpreadsheetCell } from '@mfd/contracts';

/** How a column's values go into cells: text (neutralised), money (a number, 2 decimals), a count. */
export type ColumnKind = 'text' | 'money' | 'count';

export interface SheetColumn {
  header: string;
  kind: ColumnKind;
  width?: number;
}

export type CellValue = string | number | null;

/** Two decimals with thousands grouped, as a number a spreadsheet can add up. */
const MONEY_FORMAT = '#,##0.00';

/**
 * A cell as the workbook stores it: text neutralised against formula injection (a supplier named
 * `=HYPERLINK(…)` stays that text), money as a number from its exact decimal text (USD amounts
 * have at most 2 decimals and 15 significant digits, which a double holds exactly enough to show).
 */
function cellOf(kind: ColumnKind, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (kind === 'text') return neutraliseSpreadsheetCell(String(value));
  return typeof value === 'number' ? value : Number(value);
}

/**
 * A worksheet: a title block of label/value lines (each value text), a blank line, then a table
 * with a bold header row. Returns the sheet for more.
 */
export function addTableSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  block: [string, string][],
  columns: SheetColumn[],
  rows: CellValue[][],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name);
  for (const [label, value] of block)
    sheet.addRow([neutraliseSpreadsheetCell(label), neutraliseSpreadsheetCell(value)]);
  if (block.length) sheet.addRow([]);
  const header = sheet.addRow(columns.map((c) => neutraliseSpreadsheetCell(c.header)));
  header.font = { bold: true };
  for (const values of rows) {
    const row = sheet.addRow(values.map((v, i) => cellOf(columns[i]!.kind, v)));
    columns.forEach((c, i) => {
      if (c.kind === 'money') row.getCell(i + 1).numFmt = MONEY_FORMAT;
    });
  }
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = c.width ?? (c.kind === 'text' ? 24 : 16);
  });
  return sheet;
}

/** The workbook as the bytes of an .xlsx file. */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Marine Fuel Distribution';
  return workbook;
}
