import type { OffersComparison } from './offers-comparison';
import { addTableSheet, newWorkbook, workbookBytes } from './sheet';

/** The comparison as a workbook: its title block, then a row per offer. */
export async function offersWorkbook(comparison: OffersComparison): Promise<Buffer> {
  const workbook = newWorkbook();
  addTableSheet(workbook, 'Offers', comparison.block, comparison.columns, comparison.rows);
  return workbookBytes(workbook);
}
