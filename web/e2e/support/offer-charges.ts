import type { Page } from 'playwright-core';

/** A charge as the offer form takes it, by the words on screen. */
export interface TypedCharge {
  kind: string;
  basis: string;
  amount: string;
  upTo?: string;
  above?: string;
  /** The fuel lines it is for; none: every line. */
  lines?: string[];
  note?: string;
}

/** Replaces the offer form's charges with these, typed one by one as a supplier would. */
export async function setCharges(page: Page, charges: TypedCharge[]): Promise<void> {
  const removeFirst = page.getByRole('button', { name: 'Remove charge 1', exact: true });
  while ((await removeFirst.count()) > 0) await removeFirst.click();
  for (const [i, charge] of charges.entries()) {
    const n = i + 1;
    await page.getByRole('button', { name: 'Add charge' }).click();
    await page.getByLabel(`Kind of charge ${n}`, { exact: true }).selectOption({ label: charge.kind });
    await page.getByLabel(`Basis of charge ${n}`, { exact: true }).selectOption({ label: charge.basis });
    await page.getByLabel(`Amount of charge ${n}`, { exact: true }).fill(charge.amount);
    if (charge.upTo !== undefined) await page.getByLabel(`Up to (MT) for charge ${n}`).fill(charge.upTo);
    if (charge.above !== undefined)
      await page.getByLabel(`Above that (USD/MT) for charge ${n}`).fill(charge.above);
    for (const line of charge.lines ?? []) {
      await page.getByRole('textbox', { name: `Fuel lines of charge ${n}`, exact: true }).fill(line);
      await page.getByRole('option', { name: line, exact: true }).click();
      await page.keyboard.press('Escape');
    }
    if (charge.note) await page.getByLabel(`Note on charge ${n}`, { exact: true }).fill(charge.note);
  }
}
