import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';
import { awardedStem } from './support/stems';

describe('a stem confirmation, downloaded, sent and acknowledged in the browser', () => {
  const browser = useBrowser();

  it('when the trader downloads a copy and sends the confirmation, then the supplier acknowledges it through the mailed link once, and the stem page says who and when', async () => {
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const { stemId, supplierEmail } = await awardedStem(trader);

    await trader.goto(`/stems/${stemId}`);
    const heading = trader.getByRole('heading', { name: /^Confirmation [A-Z0-9]+-\d{4}-\d{4}$/ });
    await heading.waitFor();
    const reference = (await heading.innerText()).replace('Confirmation ', '');
    await trader.getByText('Not sent yet.').waitFor();

    const download = trader.waitForEvent('download');
    await trader.getByRole('button', { name: 'Download Supplier Copy' }).click();
    expect((await download).suggestedFilename()).toBe(`${reference}-supplier.pdf`);

    await trader.getByRole('button', { name: 'Send Confirmation' }).click();
    const dialog = trader.getByRole('dialog', { name: 'Send Confirmation' });
    await dialog.getByLabel(/^Supplier: Lion City Bunkers/).waitFor();
    expect(await dialog.getByLabel(/^Supplier: Lion City Bunkers/).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Cc' }).fill('not-an-address');
    await dialog.getByRole('textbox', { name: 'Cc' }).press('Enter');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('The confirmation was not sent').waitFor();
    await dialog.getByRole('textbox', { name: 'Cc' }).press('Backspace');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(trader, 'The confirmation is on its way.');
    await trader.getByText('Not acknowledged by the supplier yet.').waitFor();
    await trader.getByText('Sent', { exact: true }).first().waitFor();
    expect(await axeViolations(trader)).toEqual([]);

    const mail = await waitForMail(supplierEmail, new RegExp(`^Stem confirmation ${reference}`));
    const link = new URL(linkIn(mail, /^\/offer\/[\w-]{40,}\/acknowledge$/));
    const supplier = await browser.openPage({ width: 390, height: 844 });
    await supplier.goto(link.pathname);
    await supplier.getByRole('heading', { name: 'Acknowledge the stem confirmation' }).waitFor();
    await supplier.getByLabel(/^Your name/).fill('Lee Wong');
    await supplier.getByRole('button', { name: 'Acknowledge' }).click();
    await supplier.getByText(`Stem ${reference} is acknowledged. You can close this page.`).waitFor();
    expect(await axeViolations(supplier)).toEqual([]);

    // The link acknowledges once.
    await supplier.goto(link.pathname);
    await supplier.getByLabel(/^Your name/).fill('Lee Wong');
    await supplier.getByRole('button', { name: 'Acknowledge' }).click();
    await supplier
      .getByRole('heading', { name: 'This confirmation has already been acknowledged. Thank you.' })
      .waitFor();

    await trader.reload();
    await trader
      .getByText(/^Acknowledged by Lee Wong on \d{1,2} \w{3} \d{4} \d{2}:\d{2} \(port time\)\.$/)
      .waitFor();
  });
});
