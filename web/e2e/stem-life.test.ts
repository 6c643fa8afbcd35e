import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { confirmMailbox, signUp, toast } from './support/session';
import { awardedStem } from './support/stems';

const DAY = 24 * 3_600_000;

/** A stem as the award makes it, moved to sent in its row (the delivery is what this file is about). */
async function sentStem(page: Page): Promise<{ stemId: string; inquiryId: string }> {
  const { stemId, inquiryId } = await awardedStem(page);
  const { pgUrl, schemaPrefix } = inject('e2e');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(
      `update "${schemaPrefix}inquiry".stems set status = 'sent', sent_at = now() where id = $1`,
      [stemId],
    );
  } finally {
    await client.end();
  }
  return { stemId, inquiryId };
}

describe('a stem from delivery to closed, in the browser', () => {
  const browser = useBrowser();

  it('when the trader records the delivery, uploads the BDN, enters the invoice and settles a claim, then the stem closes and the timeline tells it', async () => {
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const { stemId, inquiryId } = await sentStem(trader);

    await trader.goto(`/stems/${stemId}`);
    const form = trader.getByRole('form', { name: 'Record delivery' });
    await form.waitFor();
    await form.getByLabel('BDN number').fill('BDN-4711');
    await form
      .getByLabel(/^Delivered at/)
      .fill(new Date(Date.now() - 2 * DAY + 8 * 3_600_000).toISOString().slice(0, 16));
    await form.getByLabel('Barge name').fill('Marina Star');
    await form.getByLabel('VLSFO delivered (MT)').fill('612.5');
    await form.getByLabel('VLSFO sulphur (% m/m)').fill('0.48');
    await form.getByLabel('MGO delivered (MT)').fill('80');
    await form.getByLabel('MGO density at 15 °C (kg/m³)').fill('845.3');
    await form.getByLabel('MGO sulphur (% m/m)').fill('0.09');
    await form.getByRole('button', { name: 'Record Delivery' }).click();
    await toast(trader, 'Delivery recorded');
    await trader.getByText('VLSFO: delivered 612.5 MT, outside the agreed 500–600 MT').waitFor();
    await trader.getByText('VLSFO: no density at 15 °C on the delivery note').waitFor();

    const chooser = trader.waitForEvent('filechooser');
    await trader.getByRole('button', { name: 'Upload BDN (PDF or image, max 10 MB)' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'bdn-4711.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
    });
    await toast(trader, 'Document uploaded');
    await trader.getByRole('button', { name: 'bdn-4711.pdf' }).waitFor();

    // The variance's suggested claim fills the form.
    await trader.getByRole('button', { name: 'Raise quantity claim' }).click();
    const claimForm = trader.getByRole('form', { name: 'Raise claim' });
    expect(await claimForm.getByLabel('Description').inputValue()).toContain('612.5 MT');
    await claimForm.getByLabel('Amount (USD)').fill('1500');
    await claimForm.getByRole('button', { name: 'Raise Claim' }).click();
    await toast(trader, 'Claim raised');
    const claims = trader.getByRole('table', { name: 'Claims' });
    await claims.getByText(/\d+ d \d+ h left/).waitFor();
    expect(await claims.innerText()).toContain('(UTC+8)');

    // 600 × 612.5 + 845 × 80 = 435,100.00 expected; the supplier asks 435,150.00 (under both bounds).
    const invoice = trader.getByRole('form', { name: 'Record invoice' });
    await invoice.getByLabel('Invoice number').fill('LCB-2026-118');
    await invoice.getByLabel('Amount (USD)').fill('435150');
    await invoice.getByRole('button', { name: 'Record Invoice' }).click();
    await toast(trader, 'Invoice recorded');
    const check = trader.getByRole('table', { name: 'Invoice check' });
    await check.getByText('USD 435,100.00').waitFor();
    await check.getByText('Matches the expected amount').waitFor();
    expect(await axeViolations(trader)).toEqual([]);

    await trader.getByRole('button', { name: 'Close Stem' }).click();
    await trader.getByRole('alert').filter({ hasText: 'This stem has an open claim' }).waitFor();
    await claims.getByRole('button', { name: 'Mark Submitted' }).click();
    await claims.getByRole('button', { name: 'Mark Settled' }).click();
    await claims.getByText('Settled').waitFor();
    await trader.getByRole('button', { name: 'Close Stem' }).click();
    await toast(trader, 'Stem closed');
    await trader.getByRole('button', { name: 'Close Stem' }).waitFor({ state: 'detached' });
    await trader.getByText('Closed', { exact: true }).first().waitFor();

    await trader.goto(`/inquiries/${inquiryId}?tab=timeline`);
    await trader.getByText(/closed stem [A-Z]+-\d{4}-\d+/).waitFor();
    await trader.getByText(/recorded the delivery of stem .* \(BDN BDN-4711\), with 2 variances/).waitFor();
  }, 180_000);
});
